// docs/walls.md is checked against the code: its table of signatures is defaultWallSignatures row
// by row, its table of markers is the marker types, and its config snippet runs.
import {describe, expect, it} from '@jest/globals';
import {describeSignature} from '../../src/walls/describe-signature.js';
import {detectWall} from '../../src/walls/detect-wall.js';
import {markerKeys} from '../../src/walls/markers.js';
import {normalizeWallsConfig, type WallsOptions} from '../../src/walls/options.js';
import {defaultWallSignatures} from '../../src/walls/signatures.js';
import {codeBlocks, readDoc, section, soleCode, tableStartingWith} from '../helpers/readme.js';

const doc = readDoc('docs/walls.md');
const detection = section(doc, '## Detection');

describe('docs/walls.md', () => {
  it('lists every default signature, in order, with its kind, vendor and markers', () => {
    const table = tableStartingWith(section(doc, 'Signatures', detection).body, 'Id');
    expect(table.header).toEqual(['Id', 'Kind', 'Vendor', 'Markers']);
    const documented = table.rows.map(([id, kind, vendor, markers]) => ({id: soleCode(id ?? ''), kind, vendor, markers}));
    const real = defaultWallSignatures.map((signature) => ({
      id: signature.id,
      kind: signature.kind,
      vendor: signature.vendor ?? '—',
      markers: describeSignature(signature),
    }));
    expect(documented).toEqual(real);
  });

  it('describes every marker type, and only those', () => {
    const table = tableStartingWith(section(doc, 'Markers', detection).body, 'Marker');
    expect(table.rows.map(([marker]) => soleCode(marker ?? ''))).toEqual([...markerKeys]);
  });

  it('has a config snippet that adds a signature and disables one, as the config takes it', () => {
    const [block] = codeBlocks(section(doc, 'Adding a signature', detection).body);
    expect(block?.lang).toBe('js');
    const walls = new Function(`${block?.code ?? ''}\nreturn walls;`)() as WallsOptions;
    const {wallSignatures} = normalizeWallsConfig({walls});
    expect(wallSignatures.map((signature) => signature.id)).not.toContain('paywall-barrier');
    const page = {statusCode: 200, headers: {}, url: 'https://members.quayside.example/budget', html: '<title>Members only</title>'};
    expect(detectWall(page, wallSignatures)).toMatchObject({kind: 'login', signature: 'quayside-members', vendor: 'Quayside'});
    expect(detectWall(page)).toBeNull();
  });

  it('keeps a Recovery section for the recovery ladder', () => {
    expect(section(doc, '## Recovery').level).toBe(2);
  });
});
