// Package param hands values from one stack to others through SSM
// Parameter Store instead of CloudFormation exports. An export cannot change
// while any stack imports it, so with exports a cell's function or the
// platform's bucket could not be replaced without first updating every one
// of up to 90 tenant stacks; a parameter is read when a stack deploys, and
// a tenant stack picks up a new value at its next deploy.
package param

import (
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2/awsssm"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// Prefix starts every parameter name Forecourt writes.
const Prefix = "/forecourt/"

// Names of the platform's and the stateful stack's parameters.
const (
	APIDomain     = Prefix + "platform/api-domain"
	WebBucketName = Prefix + "platform/web-bucket-name"
	// AccessLogBucket is the bucket the distributions write access logs to.
	AccessLogBucket = Prefix + "platform/access-log-bucket"
	SitesTableName  = Prefix + "stateful/sites-table-name"
	UserPoolID      = Prefix + "stateful/user-pool-id"
)

// Cell returns the name of one part of edge cell n, e.g. /forecourt/edge/3/oac-id.
func Cell(n int, part string) string { return fmt.Sprintf("%sedge/%d/%s", Prefix, n, part) }

// Publish writes value (usually a token of a resource in scope's stack)
// under name.
func Publish(scope constructs.Construct, id, name string, value *string) awsssm.StringParameter {
	return awsssm.NewStringParameter(scope, jsii.String(id), &awsssm.StringParameterProps{
		ParameterName: jsii.String(name),
		StringValue:   value,
	})
}

// Value reads the parameter name when scope's stack deploys (a stack
// parameter of type AWS::SSM::Parameter::Value<String>).
func Value(scope constructs.Construct, name string) *string {
	return awsssm.StringParameter_ValueForStringParameter(scope, jsii.String(name), nil)
}
