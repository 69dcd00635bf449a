//go:build rie

package rie

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"

	"forecourt/functions/altcha"
	"forecourt/functions/cognito"
	"forecourt/functions/delivery"
	fdynamo "forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/upload"
	"forecourt/shared"
)

const providerKey = "rie-provider-key"

// seed writes what a deployed platform holds before a shopper arrives: two
// tenants (their tenant stacks store each site with its own app client),
// a provider key and a car.
func (w *world) seed(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	sites := fdynamo.NewSiteStore(w.db, w.tables)
	for _, s := range []struct{ slug, dealership string }{{"acme", "acme-kia"}, {"other", "other-ford"}} {
		site := shared.DefaultSite()
		site.Slug, site.ID, site.Name = s.slug, "site-"+s.slug, strings.ToUpper(s.slug[:1])+s.slug[1:]+" Motors"
		site.Dealerships = []shared.Dealership{{ID: s.dealership, Slug: s.dealership, Name: site.Name}}
		site.Leads.Email = "leads@" + s.slug + ".test"
		shared.ApplyDefaults(&site)
		if err := sites.SaveSite(ctx, site); err != nil {
			t.Fatal(err)
		}
		// The tenant stack writes the site's app client beside its config
		// (infra/constructs/tenant: auth_client_id).
		if err := w.db.Table(w.tables.Sites).Update("slug", s.slug).Set("auth_client_id", w.pool.Clients[s.slug]).Run(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := fdynamo.NewProviderKeyStore(w.db, w.tables).PutKey(ctx, providerKey, shared.Provider{Name: "dms", Dealerships: []string{"acme-kia"}}); err != nil {
		t.Fatal(err)
	}
	if err := fdynamo.NewCarStore(w.db, w.tables).PutCars(ctx, []shared.StoredCar{{Car: shared.Car{
		ID: "a1", Slug: "2021-kia-rio-a1", DealershipSlug: "acme-kia", Make: "Kia", Model: "Rio", Year: 2021,
		CarType: "used", Status: shared.StatusInStock, Price: 18990, ShowOnDealerWebsite: true}}}); err != nil {
		t.Fatal(err)
	}
}

// httpEvent is API Gateway's HTTP API payload 2.0 for a request that the
// tenant's distribution forwarded (its site and origin-secret headers),
// with the authorizer's context when the route has one.
func httpEvent(method, target, routeKey string, headers map[string]string, body string, authorizer map[string]any) events.APIGatewayV2HTTPRequest {
	u, _ := url.Parse(target)
	h := map[string]string{"host": "api.forecourt.example", "user-agent": "Mozilla/5.0", "x-forwarded-for": "203.0.113.7",
		"x-forwarded-proto": "https", "content-length": fmt.Sprint(len(body))}
	for k, v := range headers {
		h[strings.ToLower(k)] = v
	}
	q := map[string]string{}
	for k, v := range u.Query() {
		q[k] = strings.Join(v, ",")
	}
	now := time.Now()
	ev := events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: routeKey, RawPath: u.Path, RawQueryString: u.RawQuery, Headers: h, QueryStringParameters: q,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			AccountID: "000000000000", APIID: "rieapi", DomainName: "api.forecourt.example", DomainPrefix: "api",
			RequestID: testenv.RandomID(), Stage: "$default", RouteKey: routeKey, Time: now.Format("02/Jan/2006:15:04:05 -0700"),
			TimeEpoch: now.UnixMilli(),
			HTTP:      events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: method, Path: u.Path, Protocol: "HTTP/1.1", SourceIP: "203.0.113.7", UserAgent: "Mozilla/5.0"},
		},
		Body: body,
	}
	if authorizer != nil {
		ev.RequestContext.Authorizer = &events.APIGatewayV2HTTPRequestContextAuthorizerDescription{Lambda: authorizer}
	}
	return ev
}

// tenant are the headers CloudFront adds to a tenant's origin requests.
func (w *world) tenant(site string) map[string]string {
	return map[string]string{"X-Forecourt-Site": site, "X-Forecourt-Origin-Secret": w.secretValues["FORECOURT_ORIGIN_SECRET"],
		"Content-Type": "application/json"}
}

// call invokes an HTTP function and answers its status and body.
func call(ctx context.Context, l *lambda, ev events.APIGatewayV2HTTPRequest) (int, string, error) {
	var resp events.APIGatewayV2HTTPResponse
	if err := l.invoke(ctx, ev, &resp); err != nil {
		return 0, "", err
	}
	return resp.StatusCode, resp.Body, nil
}

// signIn signs a shopper up with their phone number on the site's client
// in cognito-local and answers the ID token, as the Authenticator does.
func (w *world) signIn(t *testing.T, site, phone string) string {
	t.Helper()
	ctx := context.Background()
	c := cognito.LocalClient(w.pool.Endpoint, region)
	const password = "Correct-Horse-9"
	client := w.pool.Clients[site]
	if _, err := c.SignUp(ctx, &cip.SignUpInput{ClientId: aws.String(client), Username: aws.String(phone), Password: aws.String(password),
		UserAttributes: []types.AttributeType{{Name: aws.String("phone_number"), Value: aws.String(phone)}}}); err != nil {
		t.Fatalf("sign up: %v", err)
	}
	if _, err := c.AdminConfirmSignUp(ctx, &cip.AdminConfirmSignUpInput{UserPoolId: aws.String(w.pool.ID), Username: aws.String(phone)}); err != nil {
		t.Fatalf("confirm: %v", err)
	}
	out, err := c.InitiateAuth(ctx, &cip.InitiateAuthInput{ClientId: aws.String(client), AuthFlow: types.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": phone, "PASSWORD": password}})
	if err != nil || out.AuthenticationResult == nil {
		t.Fatalf("sign in: %v", err)
	}
	return aws.ToString(out.AuthenticationResult.IdToken)
}

// apiScenario is what the api function is asked as AWS asks it: a page,
// GET /api/site, a lead (its captcha first) and a watchlist save carrying
// the authorizer's context. It answers the lead's id.
func (w *world) apiScenario(ctx context.Context, api *lambda, token, sub string) (string, error) {
	status, body, err := call(ctx, api, httpEvent("GET", "/", "GET /", w.tenant("acme"), "", nil))
	if err != nil {
		return "", err
	}
	if status != 200 || !strings.Contains(body, `id="root"`) || !strings.Contains(body, "Acme Motors") {
		return "", fmt.Errorf("GET / (a page): %d %.300s\n%s", status, body, api.logs)
	}
	status, body, err = call(ctx, api, httpEvent("GET", "/api/site", "GET /api/site", w.tenant("acme"), "", nil))
	if err != nil {
		return "", err
	}
	var site struct {
		Slug   string `json:"slug"`
		Search struct {
			AppID  string `json:"app_id"`
			APIKey string `json:"api_key"`
		} `json:"search"`
	}
	if status != 200 || json.Unmarshal([]byte(body), &site) != nil || !strings.Contains(body, `"acme"`) {
		return "", fmt.Errorf("GET /api/site: %d %.500s\n%s", status, body, api.logs)
	}
	status, body, err = call(ctx, api, httpEvent("GET", "/api/captcha", "GET /api/captcha", w.tenant("acme"), "", nil))
	if err != nil {
		return "", err
	}
	var ch altcha.Challenge
	if status != 200 || json.Unmarshal([]byte(body), &ch) != nil {
		return "", fmt.Errorf("GET /api/captcha: %d %.300s\n%s", status, body, api.logs)
	}
	solved, err := altcha.Solve(ch)
	if err != nil {
		return "", err
	}
	lead := `{"type":"enquiry","name":"Sam","last_name":"Lee","phone":"0491570110","email":"sam@example.com","postcode":"4032",` +
		`"message":"Is it still available?","dealership_slug":"acme-kia","car_id":"a1","altcha":"` + solved + `"}`
	status, body, err = call(ctx, api, httpEvent("POST", "/api/leads", "POST /api/leads", w.tenant("acme"), lead, nil))
	if err != nil {
		return "", err
	}
	var created struct {
		LeadID string `json:"lead_id"`
	}
	if status != 201 || json.Unmarshal([]byte(body), &created) != nil || created.LeadID == "" {
		return "", fmt.Errorf("POST /api/leads: %d %.300s\n%s", status, body, api.logs)
	}
	headers := w.tenant("acme")
	headers["Authorization"] = "Bearer " + token
	status, body, err = call(ctx, api, httpEvent("POST", "/api/watchlist/save-car", "POST /api/watchlist/save-car", headers,
		`{"car_id":"a1"}`, map[string]any{"sub": sub}))
	if err != nil {
		return "", err
	}
	if status != 200 || !strings.Contains(body, `"saved":true`) {
		return "", fmt.Errorf("POST /api/watchlist/save-car: %d %.300s\n%s", status, body, api.logs)
	}
	return created.LeadID, nil
}

// authorizerEvent is API Gateway's REQUEST authorizer payload 2.0 for a
// shopper route, its identity sources the token and the site.
func authorizerEvent(token, site string) events.APIGatewayV2CustomAuthorizerV2Request {
	auth := "Bearer " + token
	return events.APIGatewayV2CustomAuthorizerV2Request{
		Version: "2.0", Type: "REQUEST", RouteArn: "arn:aws:execute-api:" + region + ":000000000000:rieapi/$default/POST/api/watchlist/save-car",
		IdentitySource: []string{auth, site}, RouteKey: "POST /api/watchlist/save-car", RawPath: "/api/watchlist/save-car",
		Headers: map[string]string{"authorization": auth, "x-forecourt-site": site, "content-type": "application/json"},
		RequestContext: events.APIGatewayV2HTTPRequestContext{AccountID: "000000000000", APIID: "rieapi", Stage: "$default",
			RequestID: testenv.RandomID(), RouteKey: "POST /api/watchlist/save-car",
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "POST", Path: "/api/watchlist/save-car", Protocol: "HTTP/1.1", SourceIP: "203.0.113.7"}},
	}
}

// streamRecord is a leads-table stream record as Lambda's event source
// mapping hands it over (NEW_AND_OLD_IMAGES).
func streamRecord(id, seq string) events.DynamoDBEventRecord {
	return events.DynamoDBEventRecord{
		EventID: testenv.RandomID(), EventName: "INSERT", EventVersion: "1.1", EventSource: "aws:dynamodb", AWSRegion: region,
		EventSourceArn: "arn:aws:dynamodb:" + region + ":000000000000:table/leads/stream/2026-11-28T00:00:00.000",
		Change: events.DynamoDBStreamRecord{
			ApproximateCreationDateTime: events.SecondsEpochTime{Time: time.Now()},
			Keys:                        map[string]events.DynamoDBAttributeValue{"id": events.NewStringAttribute(id)},
			NewImage: map[string]events.DynamoDBAttributeValue{
				"id": events.NewStringAttribute(id), "kind": events.NewStringAttribute("lead"),
				"ready": events.NewBooleanAttribute(true), "delivery_status": events.NewStringAttribute("pending")},
			SequenceNumber: seq, SizeBytes: 200, StreamViewType: "NEW_AND_OLD_IMAGES",
		},
	}
}

// Issue 35 "Real binaries, real events": each Lambda binary, built for
// this machine, runs under AWS's Runtime Interface Emulator with the
// environment its synthesized template gives it (endpoints pointed at the
// local stand-ins) and answers the events AWS sends it.
func TestLambdasUnderTheEmulator(t *testing.T) {
	w := getWorld(t)
	ctx := context.Background()
	w.seed(t)
	for fn, want := range reads {
		if err := missing(fn, w.envs[fn], want); err != nil {
			t.Error(err)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	fns := map[string]*lambda{}
	for fn := range functions {
		fns[fn] = w.start(t, fn, w.envs[fn])
	}

	phone := "+6140" + time.Now().Format("150405") + "1"
	token := w.signIn(t, "acme", phone)
	otherToken := w.signIn(t, "other", "+6140"+time.Now().Format("150405")+"2")
	old, err := expired(token)
	if err != nil {
		t.Fatal(err)
	}

	var sub string
	t.Run("authorizer", func(t *testing.T) {
		for _, tt := range []struct {
			name, token, site string
			want              bool
		}{
			{"a valid token for its site", token, "acme", true},
			{"an expired token", old, "acme", false},
			{"another site's token", otherToken, "acme", false},
		} {
			var resp events.APIGatewayV2CustomAuthorizerSimpleResponse
			if err := fns["authorizer"].invoke(ctx, authorizerEvent(tt.token, tt.site), &resp); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if resp.IsAuthorized != tt.want {
				t.Errorf("%s: isAuthorized = %v, want %v\n%s", tt.name, resp.IsAuthorized, tt.want, fns["authorizer"].logs)
			}
			if tt.want {
				sub, _ = resp.Context["sub"].(string)
				if sub == "" {
					t.Errorf("%s: context = %v, want the shopper's sub", tt.name, resp.Context)
				}
			}
		}
	})

	var leadID string
	t.Run("api", func(t *testing.T) {
		var err error
		if leadID, err = w.apiScenario(ctx, fns["api"], token, sub); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("deliver", func(t *testing.T) {
		if leadID == "" {
			t.Fatal("no lead from the api function")
		}
		// A second lead delivers; a third's item is unreadable (its lead
		// is not JSON), so its delivery fails.
		good, broken := testenv.RandomID()+testenv.RandomID(), testenv.RandomID()+testenv.RandomID()
		body, _ := json.Marshal(shared.Lead{Type: shared.LeadEnquiry, Category: "General Enquiry", FirstName: "Ada", Message: "Hello"})
		for id, lead := range map[string]string{good: string(body), broken: "{not json"} {
			if err := w.db.Table(w.tables.Leads).Put(map[string]any{
				"id": id, "kind": "lead", "site": "acme", "dealership_slug": "acme-kia", "lead": lead,
				"created_at": time.Now().UTC().Format(time.RFC3339), "ready": true, "delivery_status": "pending", "attempts": 0,
			}).Run(ctx); err != nil {
				t.Fatal(err)
			}
		}
		batch := events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{
			streamRecord(leadID, "100"), streamRecord(good, "200"), streamRecord(broken, "300")}}
		// Lambda sends the batch; after a partial failure it sends the
		// batch again (a retry): each delivered lead still goes once.
		for attempt := 1; attempt <= 2; attempt++ {
			var resp events.DynamoDBEventResponse
			if err := fns["deliver"].invoke(ctx, batch, &resp); err != nil {
				t.Fatalf("attempt %d: %v", attempt, err)
			}
			if len(resp.BatchItemFailures) != 1 || resp.BatchItemFailures[0].ItemIdentifier != "300" {
				t.Errorf("attempt %d: batchItemFailures = %+v, want the broken lead's record 300 only\n%s", attempt, resp.BatchItemFailures, fns["deliver"].logs)
			}
		}
		for _, id := range []string{leadID, good} {
			got, err := w.smtp.WithMessageID(ctx, delivery.MessageID(id))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || len(got[0].To) != 1 || got[0].To[0].Address != "leads@acme.test" {
				t.Errorf("lead %s: %d e-mails %+v, want one to leads@acme.test", id, len(got), got)
			}
		}
	})

	t.Run("uploads", func(t *testing.T) {
		const cars = 20000
		feedCSV := carsCSV(cars)
		headers := map[string]string{"Authorization": "Bearer " + providerKey, "Content-Type": "application/json"}
		status, body, err := call(ctx, fns["ingest"], httpEvent("POST", "/ingest/v1/dealerships/acme-kia/uploads?mode=full",
			"POST /ingest/v1/dealerships/{slug}/uploads", headers, `{"content_type":"text/csv"}`, nil))
		if err != nil {
			t.Fatal(err)
		}
		var tk upload.Ticket
		if status != 201 || json.Unmarshal([]byte(body), &tk) != nil {
			t.Fatalf("POST uploads: %d %s", status, body)
		}
		req, _ := http.NewRequestWithContext(ctx, tk.Method, tk.URL, bytes.NewReader(feedCSV))
		for k, v := range tk.Headers {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("PUT the feed to the presigned URL: %d", resp.StatusCode)
		}
		bucket := w.envs["uploads"]["FORECOURT_UPLOADS_BUCKET"]
		key := upload.KeyPrefix + "acme-kia/" + tk.RunID
		ev := events.S3Event{Records: []events.S3EventRecord{{
			EventVersion: "2.1", EventSource: "aws:s3", AWSRegion: region, EventTime: time.Now().UTC(), EventName: "ObjectCreated:Put",
			PrincipalID:       events.S3UserIdentity{PrincipalID: "AWS:AIDAEXAMPLE"},
			RequestParameters: events.S3RequestParameters{SourceIPAddress: "203.0.113.9"},
			ResponseElements:  map[string]string{"x-amz-request-id": "RIE", "x-amz-id-2": "RIE"},
			S3: events.S3Entity{SchemaVersion: "1.0", ConfigurationID: "uploads-notification",
				Bucket: events.S3Bucket{Name: bucket, OwnerIdentity: events.S3UserIdentity{PrincipalID: "A3EXAMPLE"}, Arn: "arn:aws:s3:::" + bucket},
				Object: events.S3Object{Key: url.QueryEscape(key), Size: int64(len(feedCSV)), ETag: "rie", Sequencer: "0055AED6DCD90281E5"}},
		}}}
		if err := fns["uploads"].invoke(ctx, ev, nil); err != nil {
			t.Fatal(err)
		}
		status, body, err = call(ctx, fns["ingest"], httpEvent("GET", "/ingest/v1/runs/"+tk.RunID, "GET /ingest/v1/runs/{id}", headers, "", nil))
		if err != nil {
			t.Fatal(err)
		}
		var rep feed.Report
		if status != 200 || json.Unmarshal([]byte(body), &rep) != nil || rep.Status != feed.StatusSucceeded || rep.Created != cars {
			t.Fatalf("the run after the upload: %d %.400s; want succeeded with %d cars created", status, body, cars)
		}
	})

	t.Run("sweep", func(t *testing.T) {
		// EventBridge's scheduled event, as the hourly rule sends it.
		ev := map[string]any{"version": "0", "id": testenv.RandomID(), "detail-type": "Scheduled Event", "source": "aws.events",
			"account": "000000000000", "time": time.Now().UTC().Format(time.RFC3339), "region": region,
			"resources": []string{"arn:aws:events:" + region + ":000000000000:rule/Forecourt-Platform-Sweep"}, "detail": map[string]any{}}
		var rep feed.SweepReport
		if err := fns["sweep"].invoke(ctx, ev, &rep); err != nil {
			t.Fatal(err)
		}
		if rep.Dealerships != 2 || len(rep.Failed) != 0 {
			t.Errorf("sweep report = %+v, want both dealerships swept and none failed\n%s", rep, fns["sweep"].logs)
		}
	})
}

// Issue 35 "Done when": a variable deleted from the api function's
// environment as the template gives it fails the run with a message
// naming it, whether the binary's cold start or its contract notices.
func TestAPIWithoutAVariableNamesIt(t *testing.T) {
	w := getWorld(t)
	ctx := context.Background()
	for _, tt := range []struct {
		name string
		// byBinary: run the binary without the contract check, to see
		// its own cold start name what it lacks.
		byBinary bool
	}{
		{"WATCHLISTS_TABLE", false},
		{"SITES_TABLE", false},
		{"FORECOURT_CAPTCHA_KEY_SECRET_ID", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			env := maps.Clone(w.envs["api"])
			if _, ok := env[tt.name]; !ok {
				t.Fatalf("the api function's template has no %s to delete", tt.name)
			}
			delete(env, tt.name)
			var err error
			if !tt.byBinary {
				err = missing("api", env, reads["api"])
			} else {
				api, startErr := w.startErr("api", env)
				if startErr != nil {
					t.Fatal(startErr)
				}
				defer api.stop()
				_, err = w.apiScenario(ctx, api, "", "")
			}
			// The binary names the variable it reads the secret into.
			if want := strings.TrimSuffix(tt.name, "_SECRET_ID"); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("without %s: error %v, want one naming %s", tt.name, err, want)
			}
		})
	}
}

// carsCSV is a CSV feed of n used cars.
func carsCSV(n int) []byte {
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	cw.Write([]string{"stocknum", "make", "model", "year", "car_type", "price", "km", "dealercomments"})
	for i := range n {
		cw.Write([]string{fmt.Sprintf("U%05d", i), "Kia", "Sportage", "2021", "used", fmt.Sprint(20000 + i), fmt.Sprint(10000 + i), "One owner."})
	}
	cw.Flush()
	return buf.Bytes()
}
