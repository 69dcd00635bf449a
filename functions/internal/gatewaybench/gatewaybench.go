// Package gatewaybench holds what the benchmarks that drive a running dev
// gateway share: reading GET /api/site, signing a shopper up in the
// gateway's cognito-local, finding the site's cars with its own search key.
package gatewaybench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"slices"
	"time"
)

// Site is what the benchmarks read of GET /api/site.
type Site struct {
	Search struct {
		AppID  string `json:"appId"`
		APIKey string `json:"apiKey"`
		Host   string `json:"host"`
		Index  string `json:"index"`
	} `json:"search"`
	Auth *struct {
		UserPoolID       string `json:"userPoolId"`
		UserPoolClientID string `json:"userPoolClientId"`
		Endpoint         string `json:"endpoint"`
	} `json:"auth"`
}

// SignUp creates and confirms a shopper in cognito-local and returns an ID
// token of the site's client (USER_PASSWORD_AUTH, as the local sign-in does).
func SignUp(client *http.Client, endpoint, pool, clientID string) string {
	call := func(action string, body, out any) {
		b, _ := json.Marshal(body)
		MustJSON(client, http.MethodPost, endpoint, b, map[string]string{
			"Content-Type": "application/x-amz-json-1.1",
			"X-Amz-Target": "AWSCognitoIdentityProviderService." + action,
		}, out)
	}
	phone := fmt.Sprintf("+1555%07d", time.Now().UnixNano()%10_000_000)
	const password = "Gatewaybench-Pass-1"
	call("SignUp", map[string]any{"ClientId": clientID, "Username": phone, "Password": password,
		"UserAttributes": []map[string]string{{"Name": "phone_number", "Value": phone}}}, nil)
	call("AdminConfirmSignUp", map[string]string{"UserPoolId": pool, "Username": phone}, nil)
	var auth struct {
		AuthenticationResult struct{ IdToken string } `json:"AuthenticationResult"`
	}
	call("InitiateAuth", map[string]any{"ClientId": clientID, "AuthFlow": "USER_PASSWORD_AUTH",
		"AuthParameters": map[string]string{"USERNAME": phone, "PASSWORD": password}}, &auth)
	if auth.AuthenticationResult.IdToken == "" {
		log.Fatal("cognito-local returned no ID token")
	}
	return auth.AuthenticationResult.IdToken
}

// SiteCars returns up to 20 car ids the site's own secured search key finds.
func SiteCars(client *http.Client, sa Site) []string {
	return SearchIDs(client, sa, "hitsPerPage=20&filters=available%3Atrue")
}

// SearchIDs returns the ids of the hits of one search with the site's key.
func SearchIDs(client *http.Client, sa Site, params string) []string {
	var ids []string
	for _, h := range Search(client, sa, params) {
		ids = append(ids, h["objectID"].(string))
	}
	return ids
}

// Search returns the hits of one search with the site's own key.
func Search(client *http.Client, sa Site, params string) []map[string]any {
	body, _ := json.Marshal(map[string]any{"requests": []map[string]string{{"indexName": sa.Search.Index, "params": params}}})
	u := sa.Search.Host + "/1/indexes/*/queries?x-algolia-application-id=" + url.QueryEscape(sa.Search.AppID) + "&x-algolia-api-key=" + url.QueryEscape(sa.Search.APIKey)
	var res struct {
		Results []struct {
			Hits []map[string]any `json:"hits"`
		} `json:"results"`
	}
	MustJSON(client, http.MethodPost, u, body, map[string]string{"Content-Type": "text/plain"}, &res)
	var hits []map[string]any
	for _, r := range res.Results {
		hits = append(hits, r.Hits...)
	}
	return hits
}

// MustJSON sends the request and decodes its 2xx JSON answer into out,
// or stops the benchmark.
func MustJSON(client *http.Client, method, u string, body []byte, headers map[string]string, out any) {
	req, err := http.NewRequest(method, u, bytes.NewReader(body))
	if err != nil {
		log.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		log.Fatalf("%s %s: %v", method, u, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		log.Fatalf("%s %s: %s %s", method, u, resp.Status, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			log.Fatalf("%s %s: %v", method, u, err)
		}
	}
}

// Percentile is the q-quantile of ds (0.5, 0.99).
func Percentile(ds []time.Duration, q float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*q))]
}

// Ms is d in milliseconds.
func Ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
