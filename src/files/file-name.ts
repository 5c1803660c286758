// Extensions taken off a file name to make its title: the formats of files people link to.
const knownExtensions: ReadonlySet<string> = new Set(
  [
    'png apng jpg jpeg jpe jfif gif webp avif svg svgz ico cur bmp tif tiff heic heif jxl psd',
    'mp4 m4v mov webm mkv avi wmv flv ogv ts m3u8 mpd 3gp mp3 m4a m4b aac ogg oga opus wav flac mid midi weba',
    'pdf epub mobi doc docx odt rtf xls xlsx ods ppt pptx odp key pages numbers',
    'txt text csv tsv json jsonld geojson ndjson xml rss atom rdf html htm xhtml md markdown log yaml yml toml ini ics vcf',
    'js mjs css wasm zip gz tgz tar bz2 xz zst 7z rar dmg iso exe msi apk deb rpm jar srt vtt ttf otf woff woff2',
  ].join(' ').split(' '),
);

/**
 * The name of the file behind `url`: the `Content-Disposition` header's (`filename*` before
 * `filename`, RFC 6266), else the URL's last non-empty path segment, percent-decoded. `null` when
 * neither gives one (the site's root).
 */
export function fileName(url: string, disposition: string | undefined): string | null {
  const declared = disposition === undefined ? null : dispositionFileName(disposition);
  if (declared !== null) return declared;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const segment = path.split('/').filter(Boolean).at(-1);
  return segment === undefined ? null : clean(decodePercent(segment));
}

/**
 * The file name a `Content-Disposition` value gives: `filename*` (RFC 8187 `charset'lang'%XX`)
 * wins over `filename` (a token or a quoted string). Directories are dropped. `null` when none.
 */
export function dispositionFileName(header: string): string | null {
  const parameters = parseParameters(header);
  const extended = parameters.get('filename*');
  if (extended !== undefined) {
    const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/s.exec(extended);
    if (match) {
      const decoded = decodeExtended(match[1]!.toLowerCase(), match[2]!);
      const name = decoded === null ? null : clean(decoded);
      if (name !== null) return name;
    }
  }
  const plain = parameters.get('filename');
  return plain === undefined ? null : clean(asUtf8(plain));
}

/**
 * A title made of a file name: its known extensions removed (`report.tar.gz` → `report`), as the
 * hosted service titles a direct file link. A name that is all extension stays as it is.
 */
export function titleFromFileName(name: string): string {
  let title = name;
  for (let step = 0; step < 2; step++) {
    const dot = title.lastIndexOf('.');
    if (dot <= 0 || !knownExtensions.has(title.slice(dot + 1).toLowerCase())) break;
    title = title.slice(0, dot);
  }
  return title.trim() || name;
}

// Parameters of a header value: `name=token` or `name="quoted \"string\""`, names lowercased.
function parseParameters(header: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] === undefined ? match[3]!.trim() : match[2].replace(/\\(.)/g, '$1');
    if (!parameters.has(name)) parameters.set(name, value);
  }
  return parameters;
}

function decodeExtended(charset: string, encoded: string): string | null {
  const bytes: number[] = [];
  for (let index = 0; index < encoded.length; index++) {
    const hex = encoded[index] === '%' ? /^[0-9a-f]{2}$/i.exec(encoded.slice(index + 1, index + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      index += 2;
    } else bytes.push(encoded.charCodeAt(index) & 0xff);
  }
  try {
    return new TextDecoder(charset === 'iso-8859-1' ? 'latin1' : charset || 'utf-8', {fatal: true}).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

// Node reads header bytes as latin1: a UTF-8 name sent raw is read back as UTF-8 when it is valid.
function asUtf8(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value;
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

function decodePercent(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// The last path component only, without control characters; `null` when nothing is left.
function clean(name: string): string | null {
  const base = name.split(/[/\\]/).at(-1) ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
}
