package shared

import "net/url"

// SignInPath is where a signed-out visitor on a gated route goes (spec 001
// §4): /sign-in?type={type}&redirect={path}&back={back}.
func SignInPath(kind, redirect, back string) string {
	q := url.Values{"type": {kind}, "redirect": {redirect}, "back": {back}}
	return "/sign-in?" + q.Encode()
}
