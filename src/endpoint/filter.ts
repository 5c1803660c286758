/**
 * `filter=url,title,image.url`: a copy of `data` holding only the given dotted paths (Microlink's
 * `filter`). A path whose field is absent is left out; a path through a field that is not an object
 * (`image.url` with `image: null`) keeps that field's value as it is.
 */
export function applyFilter(data: object, paths: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const path of paths) {
    const segments = path.split('.');
    let source: unknown = data;
    let target = picked;
    for (let index = 0; index < segments.length; index++) {
      const segment = segments[index] as string;
      if (!Object.hasOwn(source as object, segment)) break;
      const value = (source as Record<string, unknown>)[segment];
      const last = index === segments.length - 1;
      if (last || value === null || typeof value !== 'object' || Array.isArray(value)) {
        // A whole field already picked (`image` then `image.url`) stays whole.
        if (!Object.hasOwn(target, segment) || last) target[segment] = value;
        break;
      }
      const existing = Object.hasOwn(target, segment) ? target[segment] : undefined;
      if (existing !== undefined && (existing === null || typeof existing !== 'object' || existing === value)) break;
      if (existing === undefined) target[segment] = {};
      target = target[segment] as Record<string, unknown>;
      source = value;
    }
  }
  return picked;
}
