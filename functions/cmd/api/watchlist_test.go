package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"

	"forecourt/functions/cognito"
	"forecourt/functions/dynamo"
	"forecourt/functions/httpapi"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

const region = "ap-southeast-2"

// signIn signs a shopper up in cognito-local with their phone number,
// confirms them and signs them in on the site's client; it returns the ID
// token, as the Amplify Authenticator does.
func signIn(t *testing.T, c *cip.Client, pool cognito.Pool, site, phone string) string {
	t.Helper()
	ctx := context.Background()
	client := pool.Clients[site]
	const password = "Correct-Horse-9"
	if _, err := c.SignUp(ctx, &cip.SignUpInput{
		ClientId: aws.String(client), Username: aws.String(phone), Password: aws.String(password),
		UserAttributes: []types.AttributeType{{Name: aws.String("phone_number"), Value: aws.String(phone)}},
	}); err != nil {
		t.Fatalf("sign up %s: %v", phone, err)
	}
	if _, err := c.AdminConfirmSignUp(ctx, &cip.AdminConfirmSignUpInput{UserPoolId: aws.String(pool.ID), Username: aws.String(phone)}); err != nil {
		t.Fatalf("confirm %s: %v", phone, err)
	}
	out, err := c.InitiateAuth(ctx, &cip.InitiateAuthInput{
		ClientId: aws.String(client), AuthFlow: types.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": phone, "PASSWORD": password},
	})
	if err != nil || out.AuthenticationResult == nil {
		t.Fatalf("sign in %s: %v", phone, err)
	}
	return aws.ToString(out.AuthenticationResult.IdToken)
}

type caller struct {
	t      *testing.T
	h      http.Handler
	site   string
	token  string
	secret string
}

func (c caller) do(method, path, body string) (int, map[string]any) {
	c.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("X-Forecourt-Site", c.site)
	req.Header.Set("X-Forecourt-Origin-Secret", c.secret)
	req.Header.Set("Content-Type", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, req)
	var got map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		c.t.Fatalf("%s %s: not JSON: %s", method, path, rec.Body)
	}
	return rec.Code, got
}

func (c caller) list() []string {
	c.t.Helper()
	code, body := c.do("GET", "/api/watchlist", "")
	if code != 200 || body["success"] != true {
		c.t.Fatalf("GET /api/watchlist: %d %v", code, body)
	}
	var ids []string
	for _, e := range body["cars"].([]any) {
		ids = append(ids, e.(map[string]any)["car_id"].(string))
	}
	return ids
}

// Issue 12 "Done when", through the api Lambda's handler as the environment
// wires it, against cognito-local and DynamoDB Local: a shopper
// signed up with a phone number saves, lists and removes cars; the body's
// phone_number is ignored (spec 000 §7, identity from the token); another
// site's car is a 404; no token or another site's token is a 401; a sold
// car stays listed as sold.
func TestWatchlistAgainstCognitoLocal(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	testenv.Setenv(t, tables, cfg)
	endpoint := testenv.CognitoEndpoint(t)
	pool, err := cognito.EnsureLocalPool(ctx, endpoint, region, "test-"+testenv.RandomID(), []string{"acme", "other"})
	if err != nil {
		t.Fatal(err)
	}
	clients, _ := json.Marshal(pool.Clients)
	t.Setenv("FORECOURT_ORIGIN_SECRET", "secret")
	t.Setenv("FORECOURT_CAPTCHA_KEY", "captcha")
	t.Setenv("FORECOURT_COGNITO_ENDPOINT", endpoint)
	t.Setenv("COGNITO_USER_POOL_ID", pool.ID)
	t.Setenv("COGNITO_CLIENT_IDS", string(clients))

	sites := dynamo.NewSiteStore(db, tables)
	for _, s := range []shared.Site{
		{Slug: "acme", Name: "Acme", Dealerships: []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia"}}},
		{Slug: "other", Name: "Other", Dealerships: []shared.Dealership{{Slug: "other-ford", Name: "Other Ford"}}},
	} {
		if err := sites.SaveSite(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	car := func(dealership, id string, status shared.CarStatus, price float64) shared.StoredCar {
		return shared.StoredCar{Car: shared.Car{ID: id, Slug: id, DealershipSlug: dealership, Make: "Kia", Model: "Rio",
			Year: 2021, CarType: "used", Status: status, Sold: status == shared.StatusSold, Price: price, ShowOnDealerWebsite: true}}
	}
	cars := dynamo.NewCarStore(db, tables)
	if err := cars.PutCars(ctx, []shared.StoredCar{
		car("acme-kia", "a1", shared.StatusInStock, 18990), car("acme-kia", "a2", shared.StatusInStock, 21990),
		car("acme-kia", "a3", shared.StatusInStock, 25990), car("other-ford", "o1", shared.StatusInStock, 30990),
	}); err != nil {
		t.Fatal(err)
	}

	h, err := newHandler(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := cognito.LocalClient(endpoint, region)
	suffix := time.Now().Format("150405")
	alice := caller{t: t, h: h, site: "acme", secret: "secret", token: signIn(t, c, pool, "acme", "+6140"+suffix+"1")}
	bob := caller{t: t, h: h, site: "acme", secret: "secret", token: signIn(t, c, pool, "acme", "+6140"+suffix+"2")}

	for _, id := range []string{"a1", "a2", "a3"} {
		if code, body := alice.do("POST", "/api/watchlist/save-car", `{"car_id":"`+id+`"}`); code != 200 || body["success"] != true || body["saved"] != true {
			t.Fatalf("save %s: %d %v", id, code, body)
		}
	}
	// Event 39 (spec 000 §7) is recorded by the server for each save, not
	// left to the browser to report.
	saves, err := dynamo.NewEventStore(db, tables).SiteEvents(ctx, "acme", time.Now().Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	var saved []string
	for _, e := range saves {
		if e.EventID == "39" {
			saved = append(saved, e.CarID)
		}
	}
	if slices.Sort(saved); strings.Join(saved, ",") != "a1,a2,a3" {
		t.Errorf("events 39 recorded for %v, want a1,a2,a3", saved)
	}
	// Bob names Alice's phone number: it changes nothing of Alice's list.
	if code, body := bob.do("POST", "/api/watchlist/save-car", `{"car_id":"a1","phone_number":"+6140`+suffix+`1"}`); code != 200 {
		t.Fatalf("bob saves a1: %d %v", code, body)
	}
	if code, _ := bob.do("POST", "/api/watchlist/remove-car", `{"car_id":"a2","phone_number":"+6140`+suffix+`1"}`); code != 200 {
		t.Fatalf("bob removes a2 (not on his list): %d", code)
	}
	if got := alice.list(); strings.Join(got, ",") != "a3,a2,a1" {
		t.Fatalf("alice's list after bob's calls: got %v, want a3,a2,a1", got)
	}
	if got := bob.list(); strings.Join(got, ",") != "a1" {
		t.Fatalf("bob's list: got %v, want a1", got)
	}
	if code, body := alice.do("POST", "/api/watchlist/remove-car", `{"car_id":"a2"}`); code != 200 || body["saved"] != false {
		t.Fatalf("remove a2: %d %v", code, body)
	}
	if got := alice.list(); strings.Join(got, ",") != "a3,a1" {
		t.Fatalf("after removing a2: got %v, want a3,a1", got)
	}

	// Another site's car is not found, saved or removed.
	for _, path := range []string{"/api/watchlist/save-car", "/api/watchlist/remove-car"} {
		if code, body := alice.do("POST", path, `{"car_id":"o1"}`); code != 404 {
			t.Errorf("%s another site's car: got %d %v, want 404", path, code, body)
		}
	}
	// Bad input names the field.
	for body, field := range map[string]string{`{}`: "car_id", `{"car_id":7}`: "car_id", `{"car_id":"a1","user":"x"}`: "user"} {
		code, got := alice.do("POST", "/api/watchlist/save-car", body)
		errBody, _ := got["error"].(map[string]any)
		if code != 400 || errBody["field"] != field {
			t.Errorf("save %s: got %d %v, want 400 naming %s", body, code, got, field)
		}
	}
	// No token, a forged one, and Alice's acme token presented on the other site.
	noToken := alice
	noToken.token = ""
	forged := alice
	forged.token = alice.token[:len(alice.token)-4] + "AAAA"
	elsewhere := alice
	elsewhere.site = "other"
	for name, cl := range map[string]caller{"no token": noToken, "forged": forged, "another site's token": elsewhere} {
		if code, body := cl.do("GET", "/api/watchlist", ""); code != 401 {
			t.Errorf("%s: got %d %v, want 401", name, code, body)
		}
		if code, _ := cl.do("POST", "/api/watchlist/save-car", `{"car_id":"o1"}`); code != 401 {
			t.Errorf("%s save: got %d, want 401", name, code)
		}
	}

	// The car sells: it stays on the list, shown as sold at its current price.
	sold := car("acme-kia", "a1", shared.StatusSold, 17990)
	if err := cars.PutCars(ctx, []shared.StoredCar{sold}); err != nil {
		t.Fatal(err)
	}
	_, body := alice.do("GET", "/api/watchlist", "")
	var resp httpapi.WatchlistResponse
	raw, _ := json.Marshal(body)
	_ = json.Unmarshal(raw, &resp)
	last := resp.Cars[len(resp.Cars)-1]
	if last.CarID != "a1" || last.Car == nil || last.Available || !last.Car.Sold || last.Car.Price != 17990 {
		t.Fatalf("sold a1 on the list: got %+v, want listed, sold, price 17990", last)
	}
}
