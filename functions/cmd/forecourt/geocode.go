package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"forecourt/functions/geocode"
	"forecourt/shared"
)

// geocodeTenant fills the coordinates of a tenant file's locations that
// have none (lat and long missing or 0) from their postcode, else their
// suburb and state, with the offline geocoder the API uses. Everything else
// in the file keeps its order and spelling; only lat and long are added to
// those addresses. With --dry-run nothing is written.
func geocodeTenant(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("geocode", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dry := fs.Bool("dry-run", false, "print what would change, write nothing")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fmt.Fprint(stderr, usage)
		return errors.New("one tenant FILE is required")
	}
	file := fs.Arg(0)
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	// The file must be a valid site before and after.
	if _, err := shared.DecodeSite(bytes.NewReader(src), file); err != nil {
		return err
	}
	out, changed, err := fillCoordinates(ctx, src, geocode.NewOffline(), stdout)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if changed == 0 {
		fmt.Fprintln(stdout, "every location has coordinates")
		return nil
	}
	if _, err := shared.DecodeSite(bytes.NewReader(out), file); err != nil {
		return fmt.Errorf("%s after geocoding: %w", file, err)
	}
	if *dry {
		fmt.Fprintf(stdout, "%d locations would be geocoded (dry run)\n", changed)
		return nil
	}
	if err := os.WriteFile(file, out, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d locations geocoded in %s\n", changed, file)
	return nil
}

// member is one key of a JSON object, its value kept as written.
type member struct {
	key   string
	value json.RawMessage
}

// object decodes a JSON object keeping its keys in order.
func object(raw json.RawMessage) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("want an object")
	}
	var out []member
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{t.(string), v})
	}
	return out, nil
}

func encodeObject(ms []member) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(m.value)
	}
	b.WriteByte('}')
	return b.Bytes()
}

func get(ms []member, key string) (json.RawMessage, int) {
	for i, m := range ms {
		if m.key == key {
			return m.value, i
		}
	}
	return nil, -1
}

func set(ms []member, key string, v json.RawMessage) []member {
	if _, i := get(ms, key); i >= 0 {
		ms[i].value = v
		return ms
	}
	return append(ms, member{key, v})
}

// fillCoordinates returns the tenant JSON with coordinates added and how
// many locations got them, indented as the tenant files are (two spaces).
func fillCoordinates(ctx context.Context, src []byte, g geocode.Provider, log io.Writer) ([]byte, int, error) {
	site, err := object(src)
	if err != nil {
		return nil, 0, err
	}
	locsRaw, li := get(site, "locations")
	if li < 0 {
		return src, 0, nil
	}
	var locs []json.RawMessage
	if err := json.Unmarshal(locsRaw, &locs); err != nil {
		return nil, 0, err
	}
	changed := 0
	for i, raw := range locs {
		loc, err := object(raw)
		if err != nil {
			return nil, 0, fmt.Errorf("locations[%d]: %w", i, err)
		}
		addrRaw, _ := get(loc, "address")
		var a shared.Address
		if addrRaw != nil {
			if err := json.Unmarshal(addrRaw, &a); err != nil {
				return nil, 0, fmt.Errorf("locations[%d].address: %w", i, err)
			}
		}
		if a.Lat != 0 || a.Long != 0 {
			continue
		}
		q := shared.GeoQuery{Postcode: a.Postcode}
		if a.Postcode == "" {
			q.Text = a.City + " " + a.State
		}
		p, err := g.Geocode(ctx, q)
		if err != nil {
			fmt.Fprintf(log, "locations[%d]: not geocoded: %v\n", i, err)
			continue
		}
		addr := []member{}
		if addrRaw != nil {
			if addr, err = object(addrRaw); err != nil {
				return nil, 0, err
			}
		}
		addr = set(addr, "lat", json.RawMessage(strconv.FormatFloat(p.Lat, 'f', -1, 64)))
		addr = set(addr, "long", json.RawMessage(strconv.FormatFloat(p.Lng, 'f', -1, 64)))
		loc = set(loc, "address", encodeObject(addr))
		locs[i] = encodeObject(loc)
		changed++
		fmt.Fprintf(log, "locations[%d]: %s\n", i, p.Place)
	}
	if changed == 0 {
		return src, 0, nil
	}
	var arr bytes.Buffer
	arr.WriteByte('[')
	for i, l := range locs {
		if i > 0 {
			arr.WriteByte(',')
		}
		arr.Write(l)
	}
	arr.WriteByte(']')
	site[li].value = arr.Bytes()
	var compact, out bytes.Buffer
	if err := json.Compact(&compact, encodeObject(site)); err != nil {
		return nil, 0, err
	}
	if err := json.Indent(&out, compact.Bytes(), "", "  "); err != nil {
		return nil, 0, err
	}
	out.WriteByte('\n')
	return out.Bytes(), changed, nil
}
