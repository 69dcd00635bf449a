// Package auth provides the Cognito user pool for signed-in shoppers, who
// are identified by their phone number (DESIGN.md "Production path").
package auth

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscognito"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// Shoppers is the user pool and the web app's client. The construct ids are
// part of the logical ids and never change: replacing a user pool loses
// every account.
type Shoppers struct {
	constructs.Construct
	Pool   awscognito.UserPool
	Client awscognito.UserPoolClient
}

// NewShoppers creates a user pool where the phone number is the sign-in name
// and is verified by SMS.
func NewShoppers(scope constructs.Construct, id string) *Shoppers {
	c := constructs.NewConstruct(scope, jsii.String(id))
	pool := awscognito.NewUserPool(c, jsii.String("Pool"), &awscognito.UserPoolProps{
		SelfSignUpEnabled: jsii.Bool(true),
		SignInAliases:     &awscognito.SignInAliases{Phone: jsii.Bool(true)},
		AutoVerify:        &awscognito.AutoVerifiedAttrs{Phone: jsii.Bool(true)},
		StandardAttributes: &awscognito.StandardAttributes{
			PhoneNumber: &awscognito.StandardAttribute{Required: jsii.Bool(true), Mutable: jsii.Bool(true)},
		},
		AccountRecovery: awscognito.AccountRecovery_PHONE_ONLY_WITHOUT_MFA,
		RemovalPolicy:   awscdk.RemovalPolicy_RETAIN,
	})
	client := pool.AddClient(jsii.String("Web"), &awscognito.UserPoolClientOptions{
		GenerateSecret:             jsii.Bool(false),
		PreventUserExistenceErrors: jsii.Bool(true),
		AuthFlows: &awscognito.AuthFlow{
			UserSrp: jsii.Bool(true),
			Custom:  jsii.Bool(true),
		},
	})
	return &Shoppers{Construct: c, Pool: pool, Client: client}
}
