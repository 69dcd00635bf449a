package leads

import "testing"

// docs/contracts.md "Leads": a retry with the same Idempotency-Key on the
// same site gets the same lead and token back; another key or another
// site's same key is another lead; the id does not reveal the token.
func TestIdentity(t *testing.T) {
	id, token, err := identity("acme", "key-1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, site, key string
		same            bool
	}{
		{"a retry", "acme", "key-1", true},
		{"another key", "acme", "key-2", false},
		{"another site's same key", "other", "key-1", false},
	}
	for _, tt := range tests {
		i, tok, err := identity(tt.site, tt.key)
		if err != nil {
			t.Fatal(err)
		}
		if (i == id && tok == token) != tt.same || (i == id) != (tok == token) {
			t.Errorf("%s: id %s token %s, want same=%v as %s %s", tt.name, i, tok, tt.same, id, token)
		}
	}
	if token[:32] == id {
		t.Error("the id is the token's prefix")
	}
	if !TokenMatches(token, HashToken(token)) || TokenMatches("", HashToken("")) || TokenMatches(token, HashToken("other")) {
		t.Error("TokenMatches takes a wrong or empty token")
	}
	long := make([]byte, MaxIdempotencyKey+1)
	for i := range long {
		long[i] = 'k'
	}
	if _, _, err := identity("acme", string(long)); err == nil {
		t.Error("an over-long Idempotency-Key was taken")
	}
	a, _, _ := identity("acme", "")
	b, _, _ := identity("acme", "")
	if a == b {
		t.Error("two leads without a key got one id")
	}
}
