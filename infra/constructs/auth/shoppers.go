// Package auth provides the Cognito user pool for signed-in shoppers, who
// are identified by their phone number (DESIGN.md "Production path").
package auth

import (
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscognito"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/customresources"
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
		// Issue 15 "Shopper pool abuse": threat protection enforced (it
		// needs the Plus plan, billed per monthly active user): sign-ins
		// from compromised credentials or judged high-risk are blocked,
		// for SRP and for the custom auth flow.
		FeaturePlan:                  awscognito.FeaturePlan_PLUS,
		StandardThreatProtectionMode: awscognito.StandardThreatProtectionMode_FULL_FUNCTION,
		CustomThreatProtectionMode:   awscognito.CustomThreatProtectionMode_FULL_FUNCTION,
	})
	client := pool.AddClient(jsii.String("Web"), &awscognito.UserPoolClientOptions{
		GenerateSecret:             jsii.Bool(false),
		PreventUserExistenceErrors: jsii.Bool(true),
		// Issue 31: no hosted-UI redirects. Left unset, CDK allows the
		// implicit and code grants to https://example.com; the browser
		// signs in with SRP through its site's own client.
		DisableOAuth: jsii.Bool(true),
		AuthFlows: &awscognito.AuthFlow{
			UserSrp: jsii.Bool(true),
			Custom:  jsii.Bool(true),
		},
	})
	return &Shoppers{Construct: c, Pool: pool, Client: client}
}

// NewSiteClient adds the site's own app client to the pool. It lives in
// the tenant's stack, not beside the pool: a stack holds at most 500
// resources and 200 outputs, so one client per tenant in the stateful
// stack stopped at a few hundred dealers (docs/scaling.md). One client per tenant,
// rather than one shared client, puts the site in every token's audience:
// the API accepts a token only on the site whose client it was issued to,
// so a token obtained on one dealer's site (or injected into it) cannot
// read or change the shopper's watchlist on another, and a tenant's client
// can be revoked or given its own callback URLs alone. Its callback and
// sign-out URLs are the site's own domains; the Authenticator signs in
// with SRP, without a client secret (a browser cannot keep one).
func NewSiteClient(scope constructs.Construct, id string, pool awscognito.IUserPool, slug string, domains []string) awscognito.UserPoolClient {
	var callbacks, logouts []*string
	for _, d := range domains {
		callbacks = append(callbacks, jsii.String("https://"+d+"/sign-in"))
		logouts = append(logouts, jsii.String("https://"+d+"/"))
	}
	opts := &awscognito.UserPoolClientProps{
		UserPool:                   pool,
		UserPoolClientName:         jsii.String(slug),
		GenerateSecret:             jsii.Bool(false),
		PreventUserExistenceErrors: jsii.Bool(true),
		EnableTokenRevocation:      jsii.Bool(true),
		AuthFlows:                  &awscognito.AuthFlow{UserSrp: jsii.Bool(true)},
		IdTokenValidity:            awscdk.Duration_Hours(jsii.Number(1)),
		AccessTokenValidity:        awscdk.Duration_Hours(jsii.Number(1)),
		RefreshTokenValidity:       awscdk.Duration_Days(jsii.Number(30)),
	}
	if len(callbacks) > 0 {
		opts.OAuth = &awscognito.OAuthSettings{
			Flows:        &awscognito.OAuthFlows{AuthorizationCodeGrant: jsii.Bool(true)},
			Scopes:       &[]awscognito.OAuthScope{awscognito.OAuthScope_OPENID(), awscognito.OAuthScope_PHONE()},
			CallbackUrls: &callbacks,
			LogoutUrls:   &logouts,
		}
	} else {
		// No domain (a site reached on its cloudfront.net name only): no
		// hosted-UI redirects at all rather than a wildcard.
		opts.DisableOAuth = jsii.Bool(true)
	}
	return awscognito.NewUserPoolClient(scope, jsii.String(id), opts)
}

// DefaultSMSSpendLimitUSD is the account's monthly SMS spend limit when
// context forecourt:smsMonthlySpendLimitUsd does not set one.
const DefaultSMSSpendLimitUSD = 100

// NewSMSSpendLimit sets the account's SNS MonthlySpendLimit in the stack's
// region, which caps what the pool's verification texts can cost in a
// month (SNS stops sending above it). It is an account-wide SNS setting, so
// it is set with one SDK call on each deploy that changes it and left as is
// when the stack goes. SNS refuses a value above the account's SMS spend
// quota (a support case raises it): the deploy then fails with SNS's
// message rather than leaving a limit nobody set (docs/operations.md).
func NewSMSSpendLimit(scope constructs.Construct, id string, usd int) customresources.AwsCustomResource {
	set := &customresources.AwsSdkCall{
		Service: jsii.String("SNS"),
		Action:  jsii.String("setSMSAttributes"),
		Parameters: map[string]any{
			"attributes": map[string]any{"MonthlySpendLimit": fmt.Sprint(usd)},
		},
		PhysicalResourceId: customresources.PhysicalResourceId_Of(jsii.String("sms-monthly-spend-limit")),
	}
	return customresources.NewAwsCustomResource(scope, jsii.String(id), &customresources.AwsCustomResourceProps{
		OnCreate: set,
		OnUpdate: set,
		// SetSMSAttributes has no resource-level permissions.
		Policy: customresources.AwsCustomResourcePolicy_FromStatements(&[]awsiam.PolicyStatement{
			awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
				Actions:   jsii.Strings("sns:SetSMSAttributes"),
				Resources: jsii.Strings("*"),
			}),
		}),
		InstallLatestAwsSdk: jsii.Bool(false),
	})
}
