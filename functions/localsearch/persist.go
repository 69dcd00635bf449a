package localsearch

import (
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// flushDelay debounces snapshots: a burst of batches is written once.
const flushDelay = 500 * time.Millisecond

const snapshotExt = ".idx"

// snapshot is the on-disk form of one index (gob; records as stored JSON).
type snapshot struct {
	Name      string
	Settings  []byte // JSON
	Primary   string
	Virtual   bool
	CreatedAt time.Time
	UpdatedAt time.Time
	IDs       []string
	Records   [][]byte
}

// persister writes index snapshots to a directory, atomically (temp file +
// rename), debounced after writes and on Close.
type persister struct {
	dir string

	// flushing is held for a whole flush: Close waits for a timer's flush
	// that is still writing files (the process would exit mid-write and lose
	// the index), and two flushes never write one index out of order.
	flushing sync.Mutex
	// beforeWrite, when set (tests only), runs before each snapshot is written.
	beforeWrite func(name string)

	mu      sync.Mutex
	pending map[string]bool // index names to write
	removed map[string]bool // index names to delete
	timer   *time.Timer
	engine  *Engine
	closed  bool
}

func newPersister(dir string) (*persister, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("localsearch data dir %s: %w", dir, err)
	}
	return &persister{dir: dir, pending: map[string]bool{}, removed: map[string]bool{}}, nil
}

func (p *persister) file(name string) string {
	return filepath.Join(p.dir, url.PathEscape(name)+snapshotExt)
}

// dirty schedules name (a primary: its replicas are written with it) for writing.
func (p *persister) dirty(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pending[name] = true
	delete(p.removed, name)
	p.schedule()
}

func (p *persister) remove(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.pending, name)
	p.removed[name] = true
	p.schedule()
}

func (p *persister) schedule() {
	if p.timer == nil && !p.closed && p.engine != nil {
		p.timer = time.AfterFunc(flushDelay, func() {
			if err := p.flush(p.engine); err != nil {
				slog.Error("localsearch snapshot failed", "err", err)
			}
		})
	}
}

// flush writes every pending index. It snapshots under the engine's read
// lock and writes files outside it.
func (p *persister) flush(e *Engine) error {
	p.flushing.Lock()
	defer p.flushing.Unlock()
	p.mu.Lock()
	pending, removed := p.pending, p.removed
	p.pending, p.removed, p.timer = map[string]bool{}, map[string]bool{}, nil
	p.mu.Unlock()

	var snaps []snapshot
	e.mu.RLock()
	for name := range pending {
		ix, ok := e.indices[name]
		if !ok {
			removed[name] = true
			continue
		}
		snaps = append(snaps, snapshotOf(ix))
		for _, r := range e.indices {
			if r.primary == name {
				snaps = append(snaps, snapshotOf(r))
			}
		}
	}
	e.mu.RUnlock()

	var errs []error
	for _, s := range snaps {
		if p.beforeWrite != nil {
			p.beforeWrite(s.Name)
		}
		if err := p.write(s); err != nil {
			errs = append(errs, err)
		}
	}
	for name := range removed {
		if err := os.Remove(p.file(name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, fmt.Errorf("remove snapshot %s: %w", name, err))
		}
	}
	return errors.Join(errs...)
}

func snapshotOf(ix *index) snapshot {
	settings, _ := json.Marshal(ix.settings)
	s := snapshot{Name: ix.name, Settings: settings, Primary: ix.primary, Virtual: ix.virtual,
		CreatedAt: ix.createdAt, UpdatedAt: ix.updatedAt}
	if ix.primary == "" {
		st := ix.store
		s.IDs = make([]string, 0, st.live)
		s.Records = make([][]byte, 0, st.live)
		for _, d := range st.docs {
			if d != nil {
				s.IDs = append(s.IDs, d.id)
				s.Records = append(s.Records, d.raw)
			}
		}
	}
	return s
}

func (p *persister) write(s snapshot) error {
	tmp, err := os.CreateTemp(p.dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("snapshot %s: %w", s.Name, err)
	}
	defer os.Remove(tmp.Name())
	if err := gob.NewEncoder(tmp).Encode(&s); err != nil {
		tmp.Close()
		return fmt.Errorf("snapshot %s: encode: %w", s.Name, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("snapshot %s: sync: %w", s.Name, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("snapshot %s: close: %w", s.Name, err)
	}
	if err := os.Rename(tmp.Name(), p.file(s.Name)); err != nil {
		return fmt.Errorf("snapshot %s: rename: %w", s.Name, err)
	}
	return nil
}

func (p *persister) close(e *Engine) error {
	p.mu.Lock()
	p.closed = true
	if p.timer != nil {
		p.timer.Stop()
		p.timer = nil
	}
	p.mu.Unlock()
	return p.flush(e)
}

// load reads every snapshot: primaries first, then the replicas that share
// their stores.
func (e *Engine) load() error {
	p := e.persist
	entries, err := os.ReadDir(p.dir)
	if err != nil {
		return fmt.Errorf("read localsearch data dir %s: %w", p.dir, err)
	}
	var replicas []snapshot
	for _, ent := range entries {
		if ent.IsDir() || !strings.HasSuffix(ent.Name(), snapshotExt) {
			continue
		}
		path := filepath.Join(p.dir, ent.Name())
		s, err := readSnapshot(path)
		if err != nil {
			return err
		}
		if s.Primary != "" {
			replicas = append(replicas, s)
			continue
		}
		ix, err := restore(s)
		if err != nil {
			return fmt.Errorf("load %s: %w", path, err)
		}
		ix.store = newStore(schemaOf(ix.settings))
		for i, raw := range s.Records {
			rec, err := decodeRecord(raw)
			if err != nil {
				return fmt.Errorf("load %s: record %s: %w", path, s.IDs[i], err)
			}
			ix.store.putRaw(s.IDs[i], raw, rec)
		}
		e.indices[ix.name] = ix
	}
	for _, s := range replicas {
		ix, err := restore(s)
		if err != nil {
			return fmt.Errorf("load replica %s: %w", s.Name, err)
		}
		primary, ok := e.indices[s.Primary]
		if !ok {
			ix.primary = ""
			ix.store = newStore(schemaOf(ix.settings))
		} else {
			ix.store = primary.store
		}
		e.indices[ix.name] = ix
	}
	p.engine = e
	return nil
}

func readSnapshot(path string) (snapshot, error) {
	var s snapshot
	f, err := os.Open(path)
	if err != nil {
		return s, fmt.Errorf("open snapshot: %w", err)
	}
	defer f.Close()
	if err := gob.NewDecoder(f).Decode(&s); err != nil {
		return s, fmt.Errorf("decode snapshot %s: %w", path, err)
	}
	if len(s.IDs) != len(s.Records) {
		return s, fmt.Errorf("decode snapshot %s: %d ids for %d records", path, len(s.IDs), len(s.Records))
	}
	return s, nil
}

func restore(s snapshot) (*index, error) {
	settings := map[string]any{}
	if len(s.Settings) > 0 {
		if err := json.Unmarshal(s.Settings, &settings); err != nil {
			return nil, fmt.Errorf("settings: %w", err)
		}
	}
	if settings == nil {
		settings = map[string]any{}
	}
	return &index{name: s.Name, settings: settings, primary: s.Primary, virtual: s.Virtual,
		createdAt: s.CreatedAt, updatedAt: s.UpdatedAt, rank: &rankCache{}}, nil
}
