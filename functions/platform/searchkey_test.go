package platform

import (
	"slices"
	"testing"
)

// Issue 31 (second pass) "the api function holds the Algolia admin key":
// a Lambda given ALGOLIA_WRITE_KEY (the api function, issue 31) writes
// records with it; the others keep ALGOLIA_ADMIN_KEY. The write key is
// one of the variables a Lambda may receive as a secret's name.
func TestSearchConfigWriteKey(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"api function: write key only", map[string]string{"ALGOLIA_WRITE_KEY": "write-only"}, "write-only"},
		{"ingest: admin key", map[string]string{"ALGOLIA_ADMIN_KEY": "admin"}, "admin"},
		{"write key wins", map[string]string{"ALGOLIA_ADMIN_KEY": "admin", "ALGOLIA_WRITE_KEY": "write-only"}, "write-only"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := SearchConfig(func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
			if cfg.AdminKey != tt.want {
				t.Errorf("key %q, want %q", cfg.AdminKey, tt.want)
			}
		})
	}
	found := false
	for _, v := range SecretVars() {
		found = found || v == "ALGOLIA_WRITE_KEY"
	}
	if !found {
		t.Errorf("SecretVars %v lacks ALGOLIA_WRITE_KEY: ALGOLIA_WRITE_KEY_SECRET_ID would be ignored", SecretVars())
	}
}

// The CDK gives functions these keys as secret names (<VAR>_SECRET_ID,
// infra/constructs/api): a name ResolveEnv does not read leaves the value
// unset in AWS, and the server search key then fell back to its local
// default, which Algolia refuses (issue 35 review).
func TestSecretVarsHoldTheKeysTheCDKNames(t *testing.T) {
	for _, name := range []string{"ALGOLIA_ADMIN_KEY", "ALGOLIA_WRITE_KEY", "ALGOLIA_SEARCH_KEY", "ALGOLIA_SERVER_SEARCH_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"} {
		if !slices.Contains(SecretVars(), name) {
			t.Errorf("SecretVars %v lacks %s: %s_SECRET_ID would be ignored", SecretVars(), name, name)
		}
	}
}
