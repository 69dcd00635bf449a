// Command infra is Forecourt's CDK app: a stateful stack (tables, user
// pool), a platform stack (HTTP API, Lambdas, web bucket) and one stack per
// tenant file in infra/tenants (its CloudFront distribution and site record).
// See infra/README.md.
package main

import (
	"fmt"
	"os"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/jsii-runtime-go"
)

func main() {
	defer jsii.Close()
	app := awscdk.NewApp(nil)
	cfg, tenants, err := ConfigFromContext(app, LoadTenants)
	if err == nil {
		_, err = NewStacks(app, cfg, tenants)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "infra:", err)
		jsii.Close()
		os.Exit(1)
	}
	app.Synth(nil)
}
