// Package web provides the S3 bucket that holds the single-page app every
// tenant's distribution serves, and the deployment that publishes the built
// app (web/dist) into it.
package web

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3assets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3deployment"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// Cache-Control of the published files. Vite names the bundles under
// assets/ by content hash, so a name never changes meaning; every other file
// (index.html above all) names the current bundles and is revalidated.
const (
	AssetsCacheControl = "public, max-age=31536000, immutable"
	ShellCacheControl  = "no-cache"
	// AssetsPattern matches the hashed bundles, relative to the dist folder.
	AssetsPattern = "assets/*"
)

// SiteProps configure the SPA bucket.
type SiteProps struct {
	// DistDir is the built app: index.html at its root, hashed bundles
	// under assets/.
	DistDir string
}

// Site is the private bucket for the built SPA and its deployment.
type Site struct {
	constructs.Construct
	Bucket awss3.Bucket
	// Release is the content hash of the published build. It changes exactly
	// when a file of the build does, so tenant stacks key their cache
	// invalidation on it.
	Release string
}

// NewSite creates the bucket and publishes DistDir into it: no public
// access, TLS only, and readable by CloudFront distributions of this
// account through origin access control. It fails when the app has not been
// built.
//
// The read grant names every distribution of the account rather than each
// tenant's: the distributions live in their own stacks, and a bucket has a
// single policy, so naming them here would tie this stack to every tenant
// stack in a dependency cycle.
func NewSite(scope constructs.Construct, id string, p *SiteProps) (*Site, error) {
	if _, err := os.Stat(filepath.Join(p.DistDir, "index.html")); err != nil {
		return nil, fmt.Errorf("web dist: %w (run make web)", err)
	}
	c := constructs.NewConstruct(scope, jsii.String(id))
	bucket := awss3.NewBucket(c, jsii.String("Bucket"), &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		EnforceSSL:        jsii.Bool(true),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		ObjectOwnership:   awss3.ObjectOwnership_BUCKET_OWNER_ENFORCED,
		// The bucket holds build output only; a new deploy restores it.
		RemovalPolicy: awscdk.RemovalPolicy_RETAIN,
	})
	stack := awscdk.Stack_Of(c)
	bucket.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Sid:        jsii.String("AllowCloudFrontOriginAccessControl"),
		Effect:     awsiam.Effect_ALLOW,
		Principals: &[]awsiam.IPrincipal{awsiam.NewServicePrincipal(jsii.String("cloudfront.amazonaws.com"), nil)},
		Actions:    jsii.Strings("s3:GetObject"),
		Resources:  jsii.Strings(*bucket.ArnForObjects(jsii.String("*"))),
		Conditions: &map[string]interface{}{
			"StringEquals": map[string]interface{}{"AWS:SourceAccount": stack.Account()},
			"ArnLike": map[string]interface{}{
				"AWS:SourceArn": awscdk.Fn_Join(jsii.String(""), &[]*string{
					jsii.String("arn:"), stack.Partition(), jsii.String(":cloudfront::"), stack.Account(), jsii.String(":distribution/*"),
				}),
			},
		},
	}))

	// One zipped asset feeds both deployments; its hash names the release.
	dist := awss3assets.NewAsset(c, jsii.String("Dist"), &awss3assets.AssetProps{Path: jsii.String(p.DistDir)})
	source := awss3deployment.Source_Bucket(dist.Bucket(), dist.S3ObjectKey())

	// The bundles go first and are never pruned: a browser still holding the
	// previous index.html keeps loading the chunks it names.
	assets := awss3deployment.NewBucketDeployment(c, jsii.String("DeployAssets"), &awss3deployment.BucketDeploymentProps{
		DestinationBucket: bucket,
		Sources:           &[]awss3deployment.ISource{source},
		Exclude:           jsii.Strings("*"),
		Include:           jsii.Strings(AssetsPattern),
		Prune:             jsii.Bool(false),
		CacheControl:      &[]awss3deployment.CacheControl{awss3deployment.CacheControl_FromString(jsii.String(AssetsCacheControl))},
	})
	// Then the shell, replacing index.html once the bundles it names exist.
	// Prune leaves excluded keys alone, so it removes only stale shell files.
	shell := awss3deployment.NewBucketDeployment(c, jsii.String("DeployShell"), &awss3deployment.BucketDeploymentProps{
		DestinationBucket: bucket,
		Sources:           &[]awss3deployment.ISource{source},
		Exclude:           jsii.Strings(AssetsPattern),
		Prune:             jsii.Bool(true),
		CacheControl:      &[]awss3deployment.CacheControl{awss3deployment.CacheControl_FromString(jsii.String(ShellCacheControl))},
	})
	shell.Node().AddDependency(assets)

	return &Site{Construct: c, Bucket: bucket, Release: *dist.AssetHash()}, nil
}
