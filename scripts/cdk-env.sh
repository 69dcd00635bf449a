# Environment for the CDK CLI and jsii (DESIGN.md, measured tool facts):
# keep their caches inside the build folder and keep them off the network.
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION=20
export JSII_SILENCE_WARNING_UNTESTED_NODE_VERSION=1
export CDK_DISABLE_CLI_TELEMETRY=true
export CDK_DISABLE_VERSION_CHECK=true
export AWS_EC2_METADATA_DISABLED=true
export JSII_RUNTIME_PACKAGE_CACHE_ROOT="$ROOT/.build/jsii-cache"
export CDK_HOME="$ROOT/.build/cdk-home"
