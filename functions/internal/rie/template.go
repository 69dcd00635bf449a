// Package rie runs the Lambda binaries as AWS runs them (issue 35): each
// built for this machine, under AWS's Lambda Runtime Interface Emulator,
// with the environment its synthesized CloudFormation template gives it,
// invoked with events shaped as AWS sends them. This file reads the cloud
// assembly (`cdk synth` into .build/cdk.out); the tests that run the
// binaries are behind the build tag rie (scripts/test.sh runs them after
// its synth).
package rie

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Assembly is a synthesized cloud assembly: every stack's template and the
// exports they share (Fn::ImportValue across stacks).
type Assembly struct {
	stacks  map[string]template
	exports map[string]export
}

type template struct {
	Resources map[string]resource `json:"Resources"`
	Outputs   map[string]struct {
		Value  any `json:"Value"`
		Export *struct {
			Name any `json:"Name"`
		} `json:"Export"`
	} `json:"Outputs"`
}

type resource struct {
	Type       string         `json:"Type"`
	Properties map[string]any `json:"Properties"`
}

// export is one stack's Outputs value that another imports.
type export struct {
	stack string
	value any
}

// Function is a Lambda function of a template, as CloudFormation creates it.
type Function struct {
	// Name is the function's name in infra/constructs/api (its
	// description is "Forecourt <name>").
	Name, Stack, LogicalID string
	// Env is Environment.Variables, values as the template writes them
	// (strings or intrinsics such as {"Ref": …}).
	Env map[string]any
	// Timeout (seconds) and Memory (MB) are the function's settings.
	Timeout, Memory int
}

// Load reads every *.template.json of a cloud assembly folder.
func Load(dir string) (*Assembly, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.template.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no templates in %s: synthesize first (make synth, or scripts/synth.sh)", dir)
	}
	a := &Assembly{stacks: map[string]template{}, exports: map[string]export{}}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var t template
		if err := json.Unmarshal(b, &t); err != nil {
			return nil, fmt.Errorf("template %s: %w", f, err)
		}
		stack := strings.TrimSuffix(filepath.Base(f), ".template.json")
		a.stacks[stack] = t
		for _, o := range t.Outputs {
			if o.Export == nil {
				continue
			}
			if name, ok := o.Export.Name.(string); ok {
				a.exports[name] = export{stack: stack, value: o.Value}
			}
		}
	}
	return a, nil
}

// Function finds the Lambda function named name in any stack.
func (a *Assembly) Function(name string) (Function, error) {
	var found []Function
	for stack, t := range a.stacks {
		for id, r := range t.Resources {
			if r.Type != "AWS::Lambda::Function" || r.Properties["Description"] != "Forecourt "+name {
				continue
			}
			f := Function{Name: name, Stack: stack, LogicalID: id, Env: map[string]any{}}
			if env, ok := r.Properties["Environment"].(map[string]any); ok {
				if vars, ok := env["Variables"].(map[string]any); ok {
					f.Env = vars
				}
			}
			f.Timeout = number(r.Properties["Timeout"], 3)
			f.Memory = number(r.Properties["MemorySize"], 128)
			found = append(found, f)
		}
	}
	switch len(found) {
	case 0:
		return Function{}, fmt.Errorf("no function described %q in the templates", "Forecourt "+name)
	case 1:
		return found[0], nil
	}
	return Function{}, fmt.Errorf("%d functions described %q", len(found), "Forecourt "+name)
}

func number(v any, def int) int {
	if f, ok := v.(float64); ok {
		return int(f)
	}
	return def
}

// Resources names the local stand-in of a resource a template refers to
// (a table's name, a bucket's, a user pool's id): stack and logical id,
// with the resource's CloudFormation type and properties.
type Resources func(stack, logicalID, typ string, props map[string]any) (string, error)

// Resolve returns f's environment with every value a string: intrinsics
// (Ref, Fn::ImportValue of another stack's export) resolved through res.
// A value it cannot resolve is an error naming the variable.
func (a *Assembly) Resolve(f Function, res Resources) (map[string]string, error) {
	env := map[string]string{}
	keys := make([]string, 0, len(f.Env))
	for k := range f.Env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, err := a.value(f.Stack, f.Env[k], res)
		if err != nil {
			return nil, fmt.Errorf("%s's %s: %w", f.Name, k, err)
		}
		env[k] = v
	}
	return env, nil
}

func (a *Assembly) value(stack string, v any, res Resources) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case map[string]any:
		if ref, ok := v["Ref"].(string); ok && len(v) == 1 {
			r, ok := a.stacks[stack].Resources[ref]
			if !ok {
				return "", fmt.Errorf("reference %s: no such resource in %s", ref, stack)
			}
			return res(stack, ref, r.Type, r.Properties)
		}
		if name, ok := v["Fn::ImportValue"].(string); ok && len(v) == 1 {
			e, ok := a.exports[name]
			if !ok {
				return "", fmt.Errorf("Fn::ImportValue %s: no stack exports it", name)
			}
			return a.value(e.stack, e.value, res)
		}
	}
	b, _ := json.Marshal(v)
	return "", fmt.Errorf("cannot resolve %s", b)
}
