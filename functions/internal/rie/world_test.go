//go:build rie

package rie

import (
	"bytes"
	"context"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/guregu/dynamo/v2"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"forecourt/functions/algolia"
	"forecourt/functions/cognito"
	fdynamo "forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/localsearch"
	"forecourt/functions/platform"
	"forecourt/functions/secrets"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// region is the one Lambda tells the functions (AWS_REGION).
const region = "ap-southeast-2"

// binaries are the Lambda mains of functions/cmd (scripts/build-lambdas.sh
// builds the same ones for arm64); the uploads function runs ingest's.
var binaries = []string{"api", "ingest", "sweep", "deliver", "authorizer"}

// functions are the template's functions: name, and the binary it runs.
var functions = map[string]string{"api": "api", "ingest": "ingest", "uploads": "ingest", "sweep": "sweep", "deliver": "deliver", "authorizer": "authorizer"}

// reads are the variables each binary needs its template to set: the
// tables its routes and jobs use (a missing one falls back to a local
// default name that no deployed table has), the secrets it reads by name at
// cold start, and the buckets and search index it writes. Kept beside
// docs/contracts.md "Environment".
var reads = map[string][]string{
	"api": {"CARS_TABLE", "SITES_TABLE", "LEADS_TABLE", "EVENTS_TABLE", "WATCHLISTS_TABLE", "REVIEWS_TABLE",
		"RESERVATIONS_TABLE", "ALGOLIA_APP_ID", "FORECOURT_INDEX", "ALGOLIA_SEARCH_KEY_SECRET_ID", "ALGOLIA_WRITE_KEY_SECRET_ID",
		"FORECOURT_CAPTCHA_KEY_SECRET_ID", "FORECOURT_ORIGIN_SECRET_SECRET_ID", "STRIPE_SECRET_KEY_SECRET_ID",
		"STRIPE_WEBHOOK_SECRET_SECRET_ID", "COGNITO_USER_POOL_ID", "FORECOURT_PUBLIC_SEARCH_URL",
		"FORECOURT_SITEMAPS_BUCKET", "FORECOURT_MEDIA_BUCKET"},
	"authorizer": {"COGNITO_USER_POOL_ID", "SITES_TABLE"},
	"ingest": {"CARS_TABLE", "SITES_TABLE", "PROVIDER_KEYS_TABLE", "FEED_RUNS_TABLE", "REVIEWS_TABLE", "ALGOLIA_APP_ID",
		"FORECOURT_INDEX", "ALGOLIA_ADMIN_KEY_SECRET_ID", "FORECOURT_OPS_KEY_SECRET_ID", "FORECOURT_UPLOADS_BUCKET",
		"FORECOURT_SITEMAPS_BUCKET", "FORECOURT_MEDIA_BUCKET", "FORECOURT_INGEST_SLOTS"},
	"uploads": {"CARS_TABLE", "SITES_TABLE", "FEED_RUNS_TABLE", "ALGOLIA_APP_ID", "FORECOURT_INDEX",
		"ALGOLIA_ADMIN_KEY_SECRET_ID", "FORECOURT_UPLOADS_BUCKET", "FORECOURT_SITEMAPS_BUCKET", "FORECOURT_MEDIA_BUCKET",
		"FORECOURT_INGEST_SLOTS"},
	"sweep": {"CARS_TABLE", "SITES_TABLE", "FEED_RUNS_TABLE", "RESERVATIONS_TABLE", "ALGOLIA_APP_ID", "FORECOURT_INDEX",
		"ALGOLIA_ADMIN_KEY_SECRET_ID", "FORECOURT_SITEMAPS_BUCKET", "FORECOURT_MEDIA_BUCKET"},
	"deliver": {"LEADS_TABLE", "SITES_TABLE", "FORECOURT_MAIL_FROM"},
}

// missing names each variable of want that env lacks.
func missing(fn string, env map[string]string, want []string) error {
	var errs []error
	for _, k := range want {
		if _, ok := env[k]; !ok {
			errs = append(errs, fmt.Errorf("the %s function's template environment lacks %s, which its binary reads", fn, k))
		}
	}
	return errors.Join(errs...)
}

// world is what every invocation shares: the binaries built once, the
// local stand-ins, and each function's environment from the templates.
type world struct {
	dir      string // the built binaries
	rie      string // the emulator binary
	tables   fdynamo.Tables
	db       *dynamo.DB
	pool     cognito.Pool
	engine   algolia.Config
	smtp     testenv.MailDev
	s3       string
	envs     map[string]map[string]string
	standIns map[string]string // what Lambda and the stand-ins add
	// secretValues are the test's secret values by the variable they are
	// read into (ALGOLIA_ADMIN_KEY …).
	secretValues map[string]string
}

var (
	worldOnce sync.Once
	theWorld  *world
	worldErr  error
)

// cdkOut is the cloud assembly the tests read: FORECOURT_CDK_OUT, else the
// repository's .build/cdk.out (scripts/synth.sh writes it).
func cdkOut() (string, error) {
	if d := os.Getenv("FORECOURT_CDK_OUT"); d != "" {
		return d, nil
	}
	root, err := testenv.RepoRoot()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, ".build", "cdk.out"), nil
}

func getWorld(t *testing.T) *world {
	t.Helper()
	worldOnce.Do(func() { theWorld, worldErr = newWorld(t) })
	if worldErr != nil {
		t.Fatalf("set up: %v", worldErr)
	}
	return theWorld
}

func newWorld(t *testing.T) (*world, error) {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "forecourt-rie-")
	if err != nil {
		return nil, err
	}
	w := &world{dir: dir, envs: map[string]map[string]string{}}
	if err := w.build(); err != nil {
		return nil, err
	}
	out, err := cdkOut()
	if err != nil {
		return nil, err
	}
	asm, err := Load(out)
	if err != nil {
		return nil, err
	}

	// The stand-ins.
	dynamoURL := testenv.DynamoEndpoint(t)
	cognitoURL := testenv.CognitoEndpoint(t)
	w.smtp = testenv.StartMailDev(t)
	w.pool, err = cognito.EnsureLocalPool(ctx, cognitoURL, region, "rie-"+testenv.RandomID(), []string{"acme", "other"})
	if err != nil {
		return nil, err
	}
	backend := s3mem.New()
	s3srv := httptest.NewServer(gofakes3.New(backend).Server())
	w.s3 = s3srv.URL

	run := testenv.RandomID()
	tableNames := map[string]string{} // logical id → local name
	resources := func(stack, id, typ string, props map[string]any) (string, error) {
		switch typ {
		case "AWS::DynamoDB::Table", "AWS::DynamoDB::GlobalTable":
			name := "rie-" + run + "-" + id
			tableNames[id] = name
			return name, nil
		case "AWS::S3::Bucket":
			name := strings.ToLower("rie-" + run + "-" + id)
			if err := backend.CreateBucket(name); err != nil && !gofakes3.HasErrorCode(err, gofakes3.ErrBucketAlreadyExists) {
				return "", err
			}
			return name, nil
		case "AWS::Cognito::UserPool":
			return w.pool.ID, nil
		case "AWS::Cognito::UserPoolClient":
			return "rie-web-client", nil // the web's client: no binary reads it
		}
		return "", fmt.Errorf("%s %s of %s has no local stand-in", typ, id, stack)
	}
	var appID, index string
	for fn := range functions {
		f, err := asm.Function(fn)
		if err != nil {
			return nil, err
		}
		env, err := asm.Resolve(f, resources)
		if err != nil {
			return nil, err
		}
		// What Lambda itself gives every function: its region, name,
		// timeout and memory (from the template) and credentials.
		env["AWS_LAMBDA_FUNCTION_TIMEOUT"] = fmt.Sprint(f.Timeout)
		env["AWS_LAMBDA_FUNCTION_MEMORY_SIZE"] = fmt.Sprint(f.Memory)
		w.envs[fn] = env
		if v := env["ALGOLIA_APP_ID"]; v != "" {
			appID = v
		}
		if v := env["FORECOURT_INDEX"]; v != "" {
			index = v
		}
	}
	if appID == "" || index == "" {
		return nil, fmt.Errorf("no function is told ALGOLIA_APP_ID and FORECOURT_INDEX")
	}

	// The engine, as Algolia's application named by ALGOLIA_APP_ID.
	w.engine = algolia.Config{AppID: appID, AdminKey: "rie-admin-key", SearchKey: "rie-search-key", ServerSearchKey: "rie-server-search-key", Index: index}
	eng, err := localsearch.New(localsearch.Config{AppID: w.engine.AppID, AdminKey: w.engine.AdminKey, SearchKey: w.engine.SearchKey,
		SearchKeys: []string{w.engine.ServerSearchKey}})
	if err != nil {
		return nil, err
	}
	engSrv := httptest.NewServer(eng.Handler())
	w.engine.Host = engSrv.URL
	// What the deploy's step (`forecourt index settings`) applies.
	idx, err := algolia.New(w.engine)
	if err != nil {
		return nil, err
	}
	if err := idx.Provision(ctx); err != nil {
		return nil, err
	}

	// The secrets, served by a Secrets Manager stand-in under the names the
	// templates give (<VAR>_SECRET_ID = name#field).
	w.secretValues = map[string]string{
		"ALGOLIA_ADMIN_KEY": w.engine.AdminKey, "ALGOLIA_SEARCH_KEY": w.engine.SearchKey, "ALGOLIA_SERVER_SEARCH_KEY": w.engine.ServerSearchKey,
		// The engine has one writing key; in Algolia the api's may only
		// add and delete records.
		"ALGOLIA_WRITE_KEY":     w.engine.AdminKey,
		"FORECOURT_CAPTCHA_KEY": "rie-captcha-key", "FORECOURT_ORIGIN_SECRET": "rie-origin-secret",
		"STRIPE_SECRET_KEY": "sk_test_rie", "STRIPE_WEBHOOK_SECRET": "whsec_rie", "FORECOURT_OPS_KEY": "rie-ops-key",
	}
	store := secretStore{}
	for fn, env := range w.envs {
		for k, ref := range env {
			v, ok := strings.CutSuffix(k, secrets.IDSuffix)
			if !ok {
				continue
			}
			// The binary resolves only the names platform.SecretVars lists
			// (and the origin secret, which cmd/api re-reads itself as it
			// rotates): a secret the template hands over under another name
			// is never read, and the function starts without its key.
			if !slices.Contains(platform.SecretVars(), v) && v != "FORECOURT_ORIGIN_SECRET" {
				return nil, fmt.Errorf("the %s function gets %s (a secret's name), but platform.SecretVars does not list %s: the binary would never read it", fn, k, v)
			}
			value, ok := w.secretValues[v]
			if !ok {
				return nil, fmt.Errorf("the %s function reads %s from %q: the test has no value for it", fn, v, ref)
			}
			if err := store.add(ref, value); err != nil {
				return nil, fmt.Errorf("%s's %s: %w", fn, k, err)
			}
		}
	}
	sm := httptest.NewServer(store)

	// The tables every function names, created as the stateful stack does.
	tables := fdynamo.Tables{}
	for fn, env := range w.envs {
		for k, field := range tables.EnvVars() {
			name, ok := env[k]
			if !ok {
				continue
			}
			if *field != "" && *field != name {
				return nil, fmt.Errorf("the %s function's %s is %s, another's %s", fn, k, name, *field)
			}
			*field = name
		}
	}
	for k, field := range tables.EnvVars() {
		if *field == "" {
			// No function names it: create it anyway under a name no
			// binary would guess, so a binary falling back to its default
			// fails.
			*field = "rie-" + run + "-unnamed-" + strings.ToLower(k)
		}
	}
	w.tables = tables
	db, err := fdynamo.Connect(ctx, fdynamo.Config{Endpoint: dynamoURL, Region: region})
	if err != nil {
		return nil, err
	}
	if err := fdynamo.CreateTables(ctx, db, tables); err != nil {
		return nil, err
	}
	w.db = db

	// Endpoints only: the SDKs' own endpoint variables (the binaries take
	// their AWS code paths: Secrets Manager by name, DynamoDB with the
	// credential chain) and the project's for S3 (path style), cognito-local
	// (its issuer), MailDev (SMTP instead of SES) and the engine.
	w.standIns = map[string]string{
		"AWS_REGION": region, "AWS_DEFAULT_REGION": region,
		// DynamoDB Local keeps one database per access key and region: the
		// harness's own client (awsconf's local credentials) created the
		// tables under these.
		"AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local",
		"AWS_EC2_METADATA_DISABLED":        "true",
		"AWS_ENDPOINT_URL_DYNAMODB":        dynamoURL,
		"AWS_ENDPOINT_URL_SECRETS_MANAGER": sm.URL,
		"FORECOURT_S3_ENDPOINT":            w.s3,
		"FORECOURT_COGNITO_ENDPOINT":       cognitoURL,
		"FORECOURT_SMTP_ENDPOINT":          w.smtp.SMTP,
		// Set and empty in the templates (Algolia's own hosts).
		"ALGOLIA_HOST": w.engine.Host,
	}
	for fn, env := range w.envs {
		for k := range w.standIns {
			if v, ok := env[k]; ok && k != "ALGOLIA_HOST" {
				return nil, fmt.Errorf("the %s function's template sets %s=%q, which the stand-ins replace", fn, k, v)
			}
		}
	}
	return w, nil
}

// build compiles each main for this machine as scripts/build-lambdas.sh
// does for Lambda (tag lambda.norpc), and the emulator from the module
// cache (the tool of functions/go.mod); Go's build cache makes a second
// run fast.
func (w *world) build() error {
	root, err := testenv.RepoRoot()
	if err != nil {
		return err
	}
	for _, name := range binaries {
		out := filepath.Join(w.dir, name, "bootstrap")
		cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-o", out, "./cmd/"+name)
		cmd.Dir = filepath.Join(root, "functions")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if b, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("build %s: %v: %s", name, err, b)
		}
	}
	// The api renders pages over the built app's shell, kept beside it.
	shell := `<!doctype html><html><head><title>Forecourt</title></head><body><div id="root"></div><script type="module" src="/assets/index-rie.js"></script></body></html>`
	if err := os.WriteFile(filepath.Join(w.dir, "api", "index.html"), []byte(shell), 0o644); err != nil {
		return err
	}
	w.rie = filepath.Join(w.dir, "aws-lambda-rie")
	cmd := exec.Command("go", "build", "-o", w.rie, "github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie")
	cmd.Dir = filepath.Join(root, "functions")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("build the runtime interface emulator: %v: %s", err, b)
	}
	return nil
}

// lambda is one function running under the emulator.
type lambda struct {
	name string
	url  string
	cmd  *exec.Cmd
	logs *syncBuffer
	done chan struct{}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// start runs the function's binary under the emulator with env (its
// template's environment and the stand-ins); it stops when the test ends.
func (w *world) start(t *testing.T, fn string, env map[string]string) *lambda {
	t.Helper()
	l, err := w.startErr(fn, env)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.stop)
	return l
}

func (w *world) startErr(fn string, env map[string]string) (*lambda, error) {
	api, err := freeAddr()
	if err != nil {
		return nil, err
	}
	runtime, err := freeAddr()
	if err != nil {
		return nil, err
	}
	bin := filepath.Join(w.dir, functions[fn], "bootstrap")
	cmd := exec.Command(w.rie, "--runtime-interface-emulator-address", api, "--runtime-api-address", runtime, bin)
	cmd.Dir = filepath.Dir(bin)
	full := map[string]string{"PATH": os.Getenv("PATH"), "AWS_LAMBDA_FUNCTION_NAME": "Forecourt-" + fn, "LOG_LEVEL": "error"}
	for k, v := range env {
		full[k] = v
	}
	for k, v := range w.standIns {
		full[k] = v
	}
	for k, v := range full {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	l := &lambda{name: fn, url: "http://" + api + "/2015-03-31/functions/function/invocations", cmd: cmd, logs: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = l.logs, l.logs
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start the emulator for %s: %w", fn, err)
	}
	go func() { _ = cmd.Wait(); close(l.done) }()
	// Ready once it listens (it starts the binary on the first invoke).
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, err := net.Dial("tcp", api)
		if err == nil {
			c.Close()
			return l, nil
		}
		select {
		case <-l.done:
			return nil, fmt.Errorf("the emulator for %s exited: %s", fn, l.logs)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			l.stop()
			return nil, fmt.Errorf("the emulator for %s did not listen on %s: %s", fn, api, l.logs)
		}
	}
}

func (l *lambda) stop() {
	_ = l.cmd.Process.Kill()
	<-l.done
}

// invoke sends one event as Lambda's invoke API does and decodes the
// function's answer into out. A function error (its errorMessage) or a
// failed cold start is an error carrying the function's log.
func (l *lambda) invoke(ctx context.Context, event, out any) error {
	body, err := json.Marshal(event)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", l.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("invoke %s: %w\n%s", l.name, err, l.logs)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var fnErr struct {
		ErrorMessage string `json:"errorMessage"`
		ErrorType    string `json:"errorType"`
	}
	if json.Unmarshal(b, &fnErr) == nil && (fnErr.ErrorMessage != "" || fnErr.ErrorType != "") || resp.StatusCode != http.StatusOK {
		return fmt.Errorf("invoke %s: %d %s\nthe function's log:\n%s", l.name, resp.StatusCode, b, l.logs)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("invoke %s: the answer %s: %w", l.name, b, err)
	}
	return nil
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// secretStore is a Secrets Manager stand-in: GetSecretValue of the
// current version by name (AWS's JSON 1.1 protocol). Nothing was ever
// rotated, so there is no AWSPREVIOUS.
type secretStore map[string]map[string]string // name → field → value ("" field: a plain string)

func (s secretStore) add(ref, value string) error {
	name, field := secrets.ParseRef(ref)
	if name == "" {
		return fmt.Errorf("%q names no secret", ref)
	}
	if s[name] == nil {
		s[name] = map[string]string{}
	}
	s[name][field] = value
	return nil
}

func (s secretStore) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	fail := func(typ, msg string) {
		w.Header().Set("Content-Type", "application/x-amz-json-1.1")
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]string{"__type": typ, "message": msg})
	}
	if r.Header.Get("X-Amz-Target") != "secretsmanager.GetSecretValue" {
		fail("InvalidRequestException", "only GetSecretValue is served here")
		return
	}
	var in struct{ SecretId, VersionStage string }
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		fail("InvalidRequestException", err.Error())
		return
	}
	fields, ok := s[in.SecretId]
	if !ok || (in.VersionStage != "" && in.VersionStage != "AWSCURRENT") {
		fail("ResourceNotFoundException", "Secrets Manager can't find the specified secret: "+in.SecretId+" "+in.VersionStage)
		return
	}
	value := fields[""]
	if _, plain := fields[""]; !plain {
		b, _ := json.Marshal(fields)
		value = string(b)
	}
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	json.NewEncoder(w).Encode(map[string]any{
		"ARN": "arn:aws:secretsmanager:" + region + ":000000000000:secret:" + in.SecretId, "Name": in.SecretId,
		"SecretString": value, "VersionId": "v1", "VersionStages": []string{"AWSCURRENT"},
		"CreatedDate": float64(time.Now().Add(-time.Hour).Unix()),
	})
}

// expired re-signs a cognito-local token's claims with its exp an hour ago,
// with cognito-local's own key (node_modules/cognito-local/lib/keys): the
// token a shopper who left a tab open overnight sends.
func expired(token string) (string, error) {
	root, err := testenv.RepoRoot()
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(filepath.Join(root, "node_modules", "cognito-local", "lib", "keys", "cognitoLocal.private.json"))
	if err != nil {
		return "", err
	}
	var k struct {
		JWK struct{ N, E, D, P, Q, Kid string } `json:"jwk"`
	}
	if err := json.Unmarshal(b, &k); err != nil {
		return "", err
	}
	num := func(s string) *big.Int {
		raw, _ := base64.RawURLEncoding.DecodeString(s)
		return new(big.Int).SetBytes(raw)
	}
	key := &rsa.PrivateKey{PublicKey: rsa.PublicKey{N: num(k.JWK.N), E: int(num(k.JWK.E).Int64())}, D: num(k.JWK.D),
		Primes: []*big.Int{num(k.JWK.P), num(k.JWK.Q)}}
	key.Precompute()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", fmt.Errorf("not a JWT")
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return "", err
	}
	var claims map[string]any
	if err := json.Unmarshal(payload, &claims); err != nil {
		return "", err
	}
	claims["iat"] = time.Now().Add(-2 * time.Hour).Unix()
	claims["exp"] = time.Now().Add(-time.Hour).Unix()
	header, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil {
		return "", err
	}
	var h struct{ Kid string }
	if err := json.Unmarshal(header, &h); err != nil {
		return "", err
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims(claims))
	tok.Header["kid"] = h.Kid
	return tok.SignedString(key)
}
