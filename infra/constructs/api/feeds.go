package api

import (
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/jsii-runtime-go"

	"forecourt/functions/contract"
)

// grantFeeds lets a function read and put the vehicle feeds under
// contract.VehicleFeedsPrefix of the sitemaps bucket (issue 37): the functions
// that change cars rewrite them, and the api function serves them and
// rewrites them after a reservation. ListBucket of that prefix only, so a
// missing feed reads as 404; no delete: a feed is only ever rewritten.
func grantFeeds(p *Props, fn awslambda.IFunction) {
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   &[]*string{jsii.String("s3:GetObject"), jsii.String("s3:PutObject")},
		Resources: &[]*string{p.sitemaps.ArnForObjects(jsii.String(contract.VehicleFeedsPrefix + "*"))},
	}))
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:    &[]*string{jsii.String("s3:ListBucket")},
		Resources:  &[]*string{p.sitemaps.BucketArn()},
		Conditions: &map[string]any{"StringLike": map[string]any{"s3:prefix": []string{contract.VehicleFeedsPrefix + "*"}}},
	}))
}
