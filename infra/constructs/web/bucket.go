// Package web provides the S3 bucket that holds the single-page app every
// tenant's distribution serves.
package web

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// Site is the private bucket for the built SPA (web/dist).
type Site struct {
	constructs.Construct
	Bucket awss3.Bucket
}

// NewSite creates the bucket: no public access, TLS only, and readable by
// CloudFront distributions of this account through origin access control.
//
// The read grant names every distribution of the account rather than each
// tenant's: the distributions live in their own stacks, and a bucket has a
// single policy, so naming them here would tie this stack to every tenant
// stack in a dependency cycle.
func NewSite(scope constructs.Construct, id string) *Site {
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
	return &Site{Construct: c, Bucket: bucket}
}
