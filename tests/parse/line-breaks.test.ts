import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';

/* A `<br>` inside an element being read separates words (issue 33 item 2, collect-paragraphs.ts breakLine). */

describe('<br> in collected text', () => {
  it('separates a paragraph\'s heading from its text', () => {
    expect(parseHtml('<p><b>Winter timetable</b><br>The ferry leaves the island at seven every day.</p>').paragraph)
      .toBe('Winter timetable The ferry leaves the island at seven every day.');
  });
  it('separates an h1\'s two lines', () => {
    expect(parseHtml('<h1>Ferry returns<br/>to the island</h1>').h1).toBe('Ferry returns to the island');
  });
  it('outside a collected element records nothing', () => {
    expect(parseHtml('<div>a<br>b</div>').paragraph).toBeNull();
  });
});
