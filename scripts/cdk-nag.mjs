#!/usr/bin/env node
// Runs cdk-nag's AwsSolutions rule pack over every synthesized template in a
// cloud assembly (issue 35, "a rule pack over the templates").
//
//   node scripts/cdk-nag.mjs [.build/cdk.out] [infra/nag-suppressions.json]
//
// Each template is brought into a small CDK app with cloudformation-include,
// so the pack's real rules see the real resources. Every finding must be
// either fixed in infra/ or suppressed in the one suppressions file, with a
// reason. The run prints the count of findings and of suppressions, lists
// what is neither, and fails on an unsuppressed finding or on a suppression
// that no longer matches anything (a stale reason is a wrong reason).
import fs from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { CfnInclude } from 'aws-cdk-lib/cloudformation-include';
import { AwsSolutionsChecks } from 'cdk-nag';

const [outDir = '.build/cdk.out', suppressionsFile = 'infra/nag-suppressions.json'] = process.argv.slice(2);

// templates lists the assembly's stacks from its manifest, so a template
// left over from an older synth in the same folder is not checked.
function templates(dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const out = [];
  for (const [id, artifact] of Object.entries(manifest.artifacts ?? {})) {
    if (artifact.type === 'aws:cloudformation:stack') {
      out.push({ stack: id, file: path.join(dir, artifact.properties.templateFile) });
    } else if (artifact.type === 'cdk:cloud-assembly') {
      out.push(...templates(path.join(dir, artifact.properties.directoryName)));
    }
  }
  return out;
}

// loadSuppressions reads the suppressions file: a list of
// {"id", "stacks", "resources", "reason"}; each of the first three is a
// regular expression matched against the whole finding id (rule and finding,
// e.g. "AwsSolutions-IAM5\\[Resource::\\*\\]"), stack name and resource's
// aws:cdk:path (its logical id when the template has no paths). Logical ids
// and export names carry hashes, so patterns let a reason outlive a rename.
function loadSuppressions(file) {
  const list = JSON.parse(fs.readFileSync(file, 'utf8')).suppressions;
  return list.map((s, i) => {
    for (const field of ['id', 'stacks', 'resources', 'reason']) {
      if (typeof s[field] !== 'string' || s[field].trim() === '') {
        throw new Error(`${file}: suppressions[${i}].${field}: required, a non-empty string`);
      }
    }
    return {
      ...s,
      idRE: new RegExp(`^(?:${s.id})$`),
      stacksRE: new RegExp(`^(?:${s.stacks})$`),
      resourcesRE: new RegExp(`^(?:${s.resources})$`),
      used: 0,
    };
  });
}

function check(dir, suppressions) {
  const findings = [];
  for (const { stack, file } of templates(dir)) {
    const template = JSON.parse(fs.readFileSync(file, 'utf8'));
    const app = new App();
    const scope = new Stack(app, stack);
    new CfnInclude(scope, 'Template', { templateFile: file });
    const report = new AwsSolutionsChecks(app).validateScope(app);
    for (const v of report.violations) {
      for (const r of v.violatingResources) {
        const logicalId = r.constructPath.split('/').pop();
        const cdkPath = template.Resources?.[logicalId]?.Metadata?.['aws:cdk:path'] ?? logicalId;
        findings.push({ stack, rule: v.ruleName, severity: v.severity, resource: cdkPath, description: v.description });
      }
    }
  }
  for (const f of findings) {
    const s = suppressions.find((s) => s.idRE.test(f.rule) && s.stacksRE.test(f.stack) && s.resourcesRE.test(f.resource));
    if (s) {
      s.used++;
      f.suppressedBy = s;
    }
  }
  return findings;
}

const suppressions = loadSuppressions(suppressionsFile);
const findings = check(outDir, suppressions);
const open = findings.filter((f) => !f.suppressedBy);
const stale = suppressions.filter((s) => s.used === 0);

const byRule = new Map();
for (const f of findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1);
console.log(`cdk-nag AwsSolutions: ${findings.length} findings over ${new Set(findings.map((f) => f.stack)).size} stacks, ` +
  `${findings.length - open.length} suppressed by ${suppressions.length - stale.length} reasons in ${suppressionsFile}, ${open.length} open`);
for (const [rule, n] of [...byRule].sort()) console.log(`  ${rule}: ${n}`);
for (const f of open) {
  console.log(`OPEN ${f.severity} ${f.rule} ${f.stack} ${f.resource}: ${f.description}`);
}
for (const s of stale) {
  console.log(`STALE suppression ${s.id} (stacks ${s.stacks}, resources ${s.resources}): it matches no finding; remove it`);
}
process.exit(open.length || stale.length ? 1 : 0);
