// Package logging is the Lambdas' structured log (issue 15): one JSON
// object a line, each carrying the Lambda request id and, once known, the
// site and dealership the request is for, so an on-call engineer can
// filter CloudWatch Logs Insights by tenant and the alarms' metric filters
// can match fields instead of text. Personal data (names, phones, e-mail
// addresses, lead fields) is never logged: callers log ids and codes only.
package logging

import (
	"context"
	"io"
	"log/slog"

	"github.com/aws/aws-lambda-go/lambdacontext"
)

// Attribute names every line may carry; the CDK metric filters and the
// runbook's queries use them.
const (
	KeyRequestID  = "request_id"
	KeySite       = "site"
	KeyDealership = "dealership"
)

// Setup makes a JSON handler writing to w the default logger, for a
// Lambda main to call first.
func Setup(w io.Writer) { slog.SetDefault(New(w)) }

// New returns a JSON logger writing to w that adds the context's request
// id, site and dealership to every line logged with a context.
func New(w io.Writer) *slog.Logger {
	return slog.New(contextHandler{slog.NewJSONHandler(w, nil)})
}

type scopeKey struct{}

// scope is what the context says about the request.
type scope struct{ site, dealership string }

// WithSite returns ctx naming the site its lines are about.
func WithSite(ctx context.Context, site string) context.Context {
	s, _ := ctx.Value(scopeKey{}).(scope)
	s.site = site
	return context.WithValue(ctx, scopeKey{}, s)
}

// WithDealership returns ctx naming the dealership its lines are about.
func WithDealership(ctx context.Context, dealership string) context.Context {
	s, _ := ctx.Value(scopeKey{}).(scope)
	s.dealership = dealership
	return context.WithValue(ctx, scopeKey{}, s)
}

// contextHandler adds the context's attributes to each record.
type contextHandler struct{ slog.Handler }

func (h contextHandler) Handle(ctx context.Context, r slog.Record) error {
	if ctx != nil {
		if lc, ok := lambdacontext.FromContext(ctx); ok && lc.AwsRequestID != "" {
			r.AddAttrs(slog.String(KeyRequestID, lc.AwsRequestID))
		}
		if s, ok := ctx.Value(scopeKey{}).(scope); ok {
			// A line that names its own dealership (feed logs do) keeps it.
			has := false
			r.Attrs(func(a slog.Attr) bool {
				if a.Key == KeyDealership {
					has = true
					return false
				}
				return true
			})
			if s.site != "" {
				r.AddAttrs(slog.String(KeySite, s.site))
			}
			if s.dealership != "" && !has {
				r.AddAttrs(slog.String(KeyDealership, s.dealership))
			}
		}
	}
	return h.Handler.Handle(ctx, r)
}

func (h contextHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return contextHandler{h.Handler.WithAttrs(attrs)}
}

func (h contextHandler) WithGroup(name string) slog.Handler {
	return contextHandler{h.Handler.WithGroup(name)}
}
