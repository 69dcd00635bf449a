// Package layers declares once what kind of package each Go package of the
// repository is, and layers_test.go checks the imports between the kinds
// with `go list` (issue 36): an adapter imports no other adapter, nor does
// a service or a renderer import one, a
// production Lambda links no local stand-in, tool or benchmark, and the
// CDK app links no runtime code. README.md "Where things live" names every
// package with its kind; the test holds it to this table.
package layers

// Kind is what a package is for, which decides what it may import.
type Kind string

const (
	// Domain is the model, pure rules and tables: no I/O; it imports only
	// other domain packages.
	Domain Kind = "domain"
	// Support is a helper every layer may use (AWS configuration, the
	// structured log); it imports only the domain.
	Support Kind = "support"
	// Adapter is the one way to an outside system (a store, the search
	// index, mail, secrets, token keys, a CRM); it imports only the domain
	// and support, never another adapter.
	Adapter Kind = "adapter"
	// Renderer turns domain values into a format (HTML, PDF, ADF XML); it
	// imports only the domain, support and other renderers.
	Renderer Kind = "renderer"
	// Service is a feature's logic over interfaces its adapters satisfy;
	// it imports no adapter (wiring hands it one).
	Service Kind = "service"
	// Handler is HTTP or event handling: it decodes, calls services and
	// encodes.
	Handler Kind = "handler"
	// Wiring builds the services over their adapters from the environment.
	Wiring Kind = "wiring"
	// Lambda is a production Lambda's main; it links no local stand-in,
	// tool or benchmark.
	Lambda Kind = "lambda"
	// Config reads and checks the tenant files at synth and seed time; it
	// imports only the domain and config.
	Config Kind = "config"
	// Local is a local stand-in for a cloud service, or the local stack's
	// process; only local packages, tools and benchmarks import it.
	Local Kind = "local stand-in"
	// Tool is an operator's or a developer's command, or a generator.
	Tool Kind = "tool"
	// Bench is a benchmark (make bench), or what benchmarks share.
	Bench Kind = "benchmark"
	// Infra is the CDK app; it links only the domain, config and itself.
	Infra Kind = "infra"
)

// Packages is every package of the Go workspace by import path. A new
// package needs a row here and one in README.md "Where things live".
var Packages = map[string]Kind{
	"forecourt/shared":                                   Domain,
	"forecourt/functions/contract":                       Domain,
	"forecourt/functions/httpapi/route":                  Domain,
	"forecourt/functions/indexrecord":                    Domain,
	"forecourt/functions/recordfilter":                   Domain,
	"forecourt/functions/securityheaders":                Domain,
	"forecourt/functions/altcha":                         Domain,
	"forecourt/functions/awsconf":                        Support,
	"forecourt/functions/logging":                        Support,
	"forecourt/functions/imaging":                        Support,
	"forecourt/functions/algolia":                        Adapter,
	"forecourt/functions/cognito":                        Adapter,
	"forecourt/functions/dynamo":                         Adapter,
	"forecourt/functions/geocode":                        Adapter,
	"forecourt/functions/mail":                           Adapter,
	"forecourt/functions/media":                          Adapter,
	"forecourt/functions/rego":                           Adapter,
	"forecourt/functions/s3client":                       Adapter,
	"forecourt/functions/secrets":                        Adapter,
	"forecourt/functions/webhook":                        Adapter,
	"forecourt/functions/adf":                            Renderer,
	"forecourt/functions/brochure":                       Renderer,
	"forecourt/functions/pages":                          Renderer,
	"forecourt/functions/seo":                            Renderer,
	"forecourt/functions/delivery":                       Service,
	"forecourt/functions/feed":                           Service,
	"forecourt/functions/leads":                          Service,
	"forecourt/functions/reserve":                        Service,
	"forecourt/functions/sitemaps":                       Service,
	"forecourt/functions/syndication":                    Renderer,
	"forecourt/functions/syndication/publish":            Service,
	"forecourt/functions/sitestats":                      Service,
	"forecourt/functions/upload":                         Service,
	"forecourt/functions/visible":                        Service,
	"forecourt/functions/watchlist":                      Service,
	"forecourt/functions/authorizer":                     Handler,
	"forecourt/functions/httpapi":                        Handler,
	"forecourt/functions/platform":                       Wiring,
	"forecourt/functions/cmd/api":                        Lambda,
	"forecourt/functions/cmd/authorizer":                 Lambda,
	"forecourt/functions/cmd/deliver":                    Lambda,
	"forecourt/functions/cmd/ingest":                     Lambda,
	"forecourt/functions/cmd/sweep":                      Lambda,
	"forecourt/functions/tenantfile":                     Config,
	"forecourt/functions/internal/tenantschema":          Config,
	"forecourt/functions/localsearch":                    Local,
	"forecourt/functions/cmd/localsearch":                Local,
	"forecourt/functions/cmd/devgateway":                 Local,
	"forecourt/functions/demo":                           Local,
	"forecourt/functions/cognito/cognitotest":            Local,
	"forecourt/functions/internal/testenv":               Local,
	"forecourt/functions/cmd/forecourt":                  Tool,
	"forecourt/functions/cmd/tenantschema":               Tool,
	"forecourt/functions/cmd/tsgen":                      Tool,
	"forecourt/functions/internal/genfile":               Tool,
	"forecourt/functions/internal/tsgen":                 Tool,
	"forecourt/functions/internal/tsgen/internal/sample": Tool,
	"forecourt/functions/internal/rie":                   Tool,
	"forecourt/functions/internal/layers":                Tool,
	"forecourt/functions/geocode/internal/genpostcodes":  Tool,
	"forecourt/functions/internal/gatewaybench":          Bench,
	"forecourt/functions/bench/feedburst":                Bench,
	"forecourt/functions/bench/geocodebench":             Bench,
	"forecourt/functions/bench/ingestbench":              Bench,
	"forecourt/functions/bench/leadbench":                Bench,
	"forecourt/functions/bench/membench":                 Bench,
	"forecourt/functions/bench/pdfbench":                 Bench,
	"forecourt/functions/bench/reservebench":             Bench,
	"forecourt/functions/bench/searchbench":              Bench,
	"forecourt/functions/bench/feedsbench":               Bench,
	"forecourt/functions/bench/watchbench":               Bench,
	"forecourt/infra":                                    Infra,
	"forecourt/infra/constructs/api":                     Infra,
	"forecourt/infra/constructs/auth":                    Infra,
	"forecourt/infra/constructs/cell":                    Infra,
	"forecourt/infra/constructs/data":                    Infra,
	"forecourt/infra/constructs/github":                  Infra,
	"forecourt/infra/constructs/param":                   Infra,
	"forecourt/infra/constructs/tenant":                  Infra,
	"forecourt/infra/constructs/waf":                     Infra,
	"forecourt/infra/constructs/web":                     Infra,
}
