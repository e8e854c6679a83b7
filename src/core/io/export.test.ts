// The export dispatch: every target answers with a named file; the YAML templates say
// what the JSON ones say (only the JSON is compared with the CDK's synthesis); names derived from
// table names are valid where they go.
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { createTableInput } from '../apply/create-table.ts';
import { EXPORT_DESIGNS } from '../test-support/golden-designs.ts';
import { logicalId } from './cloudformation.ts';
import { EXPORT_LANGUAGES, EXPORT_TARGETS, exportDesign, fileStem, isExportTarget } from './export.ts';
import { getFormat } from './index.ts';
import { resourceLabel } from './terraform.ts';

const { design } = EXPORT_DESIGNS.find((d) => d.name === 'full-featured')!;

describe('exportDesign', () => {
  it.each(EXPORT_TARGETS)('%s gives a named file', (target) => {
    const file = exportDesign(design, target);
    expect(file.filename).toMatch(/^[\w-]+(\.[\w-]+)*\.(ts|json|yaml|tf|py)$/);
    expect(EXPORT_LANGUAGES).toContain(file.language);
    expect(file.content.endsWith('\n')).toBe(true);
    expect(file.nextSteps.length).toBeGreaterThan(0);
  });

  it('gives a design format the warnings of its exporter, and a table definition or code file none', () => {
    // The NoSQL Workbench model carries its creation date: a fixed clock makes two exports the same.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T12:00:00Z'));
    try {
      for (const target of EXPORT_TARGETS) {
        const format = getFormat(target);
        const expected = format ? format.export(design) : { warnings: [] };
        expect(exportDesign(design, target), target).toMatchObject(expected);
      }
      // The comparison is not of empty lists only: this design is one MCP cannot fully carry.
      expect(exportDesign(design, 'mcp').warnings).not.toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    expect(isExportTarget('terraform')).toBe(true);
    expect(isExportTarget('pulumi')).toBe(false);
  });

  it('gives the CreateTable input as JSON and the calls CreateTable cannot make', () => {
    const file = exportDesign(design, 'create-table');
    expect(JSON.parse(file.content)).toEqual(createTableInput(design));
    expect(file.nextSteps.split('\n')).toEqual([
      'aws dynamodb create-table --cli-input-json file://support-desk.create-table.json',
      'aws dynamodb wait table-exists --table-name support-desk',
      `aws dynamodb update-time-to-live --table-name support-desk --time-to-live-specification '{"Enabled":true,"AttributeName":"expiresAt"}'`,
      'aws dynamodb update-continuous-backups --table-name support-desk --point-in-time-recovery-specification PointInTimeRecoveryEnabled=true',
    ]);
  });

  it.each(EXPORT_DESIGNS)(
    'writes the same CloudFormation templates in YAML and JSON for $name',
    (fixture) => {
      for (const [yamlTarget, jsonTarget] of [
        ['cloudformation-yaml', 'cloudformation'],
        ['cloudformation-table-yaml', 'cloudformation-table'],
      ] as const) {
        const json = JSON.parse(exportDesign(fixture.design, jsonTarget).content);
        const yaml = exportDesign(fixture.design, yamlTarget).content;
        expect(parse(yaml)).toEqual(json);
        expect(parse(yaml, { version: '1.1' })).toEqual(json);
      }
    },
  );

  it('quotes YAML strings that a YAML 1.1 reader would take for something else', () => {
    const odd = structuredClone(design);
    odd.table.ttlAttribute = 'yes';
    const yaml = exportDesign(odd, 'cloudformation-yaml').content;
    expect(yaml).toContain('AWSTemplateFormatVersion: "2010-09-09"');
    expect(parse(yaml, { version: '1.1' }).Resources.SupportDesk.Properties.TimeToLiveSpecification).toEqual({
      AttributeName: 'yes',
      Enabled: true,
    });
  });
});

describe('names derived from a table name', () => {
  it.each([
    ['AppTable', 'AppTable', 'app-table', 'app_table'],
    ['support-desk', 'SupportDesk', 'support-desk', 'support_desk'],
    ['orders.v2_live', 'OrdersV2Live', 'orders-v2-live', 'orders_v2_live'],
    ['2024-events', 'Table2024Events', '2024-events', 'table_2024_events'],
  ])('%s → logical id %s, file %s, Terraform name %s', (name, id, stem, label) => {
    const named = structuredClone(design);
    named.table.name = name;
    expect(logicalId(name)).toBe(id);
    expect(fileStem(named)).toBe(stem);
    expect(resourceLabel(name)).toBe(label);
  });
});
