package localsearch_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// secured derives a key as Algolia's clients do.
func secured(parent, restrictions string) string {
	mac := hmac.New(sha256.New, []byte(parent))
	mac.Write([]byte(restrictions))
	return b64([]byte(hex.EncodeToString(mac.Sum(nil)) + restrictions))
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

func mustB64(s string) string {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}
