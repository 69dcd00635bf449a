package shared

import (
	"net/url"
	"strings"
)

// RouteGated reports whether a path needs a signed-in user (spec 001 §5
// "Gating"): checkout and buy-online, personalised finance and online
// payment always; spin-to-win when the site gates it
// (features.spin_to_win_gated). Trade-in and sell-my-car never are.
func RouteGated(path string, s Site) bool {
	p := strings.TrimSuffix(strings.SplitN(path, "?", 2)[0], "/")
	switch {
	case strings.HasPrefix(p, "/cars/") && (strings.HasSuffix(p, "/checkout") || strings.HasSuffix(p, "/buy-online")):
		return true
	case p == "/checkout-journey", p == "/personalised/finance", p == "/online-payment":
		return true
	case p == "/spin-to-win":
		return s.Features.SpinToWinGated
	}
	return false
}

// SignInPath is where a signed-out visitor on a gated route goes (spec 001
// §4): /sign-in?type={type}&redirect={path}&back={back}.
func SignInPath(kind, redirect, back string) string {
	q := url.Values{"type": {kind}, "redirect": {redirect}, "back": {back}}
	return "/sign-in?" + q.Encode()
}
