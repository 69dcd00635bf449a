package rie

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 35: a function's environment is read from its synthesized
// template, intrinsics resolved to the local stand-ins; one that cannot be
// resolved is an error naming the function and the variable.
func TestResolveReadsTheTemplatesEnvironment(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"Forecourt-Stateful.template.json": `{"Resources":{"TablesCars":{"Type":"AWS::DynamoDB::Table","Properties":{}}},
			"Outputs":{"ExportCars":{"Value":{"Ref":"TablesCars"},"Export":{"Name":"Forecourt-Stateful:Cars"}}}}`,
		"Forecourt-Platform.template.json": `{"Resources":{
			"Media":{"Type":"AWS::S3::Bucket","Properties":{}},
			"FnApi":{"Type":"AWS::Lambda::Function","Properties":{"Description":"Forecourt api","Timeout":10,"MemorySize":512,
				"Environment":{"Variables":{"CARS_TABLE":{"Fn::ImportValue":"Forecourt-Stateful:Cars"},"FORECOURT_MEDIA_BUCKET":{"Ref":"Media"},"FORECOURT_INDEX":"cars"}}}},
			"FnOdd":{"Type":"AWS::Lambda::Function","Properties":{"Description":"Forecourt odd",
				"Environment":{"Variables":{"ODD":{"Fn::GetAtt":["Media","Arn"]}}}}}}}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	asm, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	local := func(stack, id, typ string, _ map[string]any) (string, error) { return "local-" + typ + "-" + id, nil }
	tests := []struct {
		fn      string
		want    map[string]string
		wantErr string
	}{
		{"api", map[string]string{"CARS_TABLE": "local-AWS::DynamoDB::Table-TablesCars",
			"FORECOURT_MEDIA_BUCKET": "local-AWS::S3::Bucket-Media", "FORECOURT_INDEX": "cars"}, ""},
		{"odd", nil, "odd's ODD"},
		{"missing", nil, `no function described "Forecourt missing"`},
	}
	for _, tt := range tests {
		f, err := asm.Function(tt.fn)
		var env map[string]string
		if err == nil {
			env, err = asm.Resolve(f, local)
		}
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s: error %v, want one naming %s", tt.fn, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.fn, err)
		}
		for k, v := range tt.want {
			if env[k] != v {
				t.Errorf("%s: %s = %q, want %q", tt.fn, k, env[k], v)
			}
		}
		if f.Timeout != 10 || f.Memory != 512 {
			t.Errorf("%s: timeout %d, memory %d; want the template's 10 and 512", tt.fn, f.Timeout, f.Memory)
		}
	}
	if _, err := Load(t.TempDir()); err == nil || !strings.Contains(err.Error(), "synthesize first") {
		t.Errorf("an empty folder: error %v, want one saying to synthesize", err)
	}
}
