import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {leadBylineName} from '../../src/rules/lead-byline.js';
import {pickFields} from '../../src/rules/rules.js';

/*
 * Bylines and dates in the markup of the CMSs and themes the long tail of German and English sites is built
 * with (issue 33), on pages whose head names neither: the body must be read. Each fixture is written here in
 * the shape its CMS or theme serves.
 */

const fields = (html: string, url: string) => pickFields(parseHtml(html), {url, headers: {}});
const page = (lang: string, body: string): string => `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>T</title></head><body>${body}</body></html>`;
const text = '<p>The city council voted on Tuesday evening to begin renovating the primary school next spring.</p>';

describe('a name and a date whose spans run together', () => {
  it('ends the name before a month glued to it (Twenty Nineteen, Kadence)', () => {
    // Twenty Nineteen prints its byline and date spans with no space between them; the byline's label is a screen reader's text.
    const nineteen = '<header class="entry-header"><h1 class="entry-title">Primary school to be renovated</h1><div class="entry-meta"><span class="byline"><svg class="svg-icon"></svg><span class="screen-reader-text">Posted by</span><span class="author vcard"><a class="url fn n" href="/author/jdoe/">Jane Doe</a></span></span><span class="posted-on"><svg></svg><a href="/school/" rel="bookmark"><time class="entry-date published updated" datetime="2019-03-12T10:15:00+00:00">March 12, 2019</time></a></span></div></header>';
    expect(fields(page('en-US', `${nineteen}<div class="entry-content">${text}</div>`), 'https://hillside.example/school/').author).toBe('Jane Doe');
    const kadence = '<header class="entry-header"><h1 class="entry-title">Grundschule wird saniert</h1><div class="entry-meta"><span class="posted-by"><span class="meta-label">Von</span><span class="author vcard"><a class="url fn n" href="/author/anna/">Anna Schmidt</a></span></span><span class="posted-on"><time class="entry-date published">12. März 2021</time></span></div></header>';
    expect(fields(page('de-DE', `${kadence}<div class="entry-content">${text}</div>`), 'https://musterfirma.example/grundschule/').author).toBe('Anna Schmidt');
  });

  it('cuts only a month or a weekday, after two small letters', () => {
    expect(leadBylineName('Posted by Jane DoeMarch 12, 2019')).toBe('Jane Doe');
    expect(leadBylineName('Von Anna SchmidtDienstag, 12. März 2019')).toBe('Anna Schmidt');
    // A name's own capital (`McMarch` glues one small letter) and a word that only starts like a month stay.
    expect(leadBylineName('By Ann McMarch, 12 May 2019')).toBe('Ann McMarch');
    expect(leadBylineName('By Ann Lee-Augustin, 12 May 2019')).toBe('Ann Lee-Augustin');
  });
});

describe('the next field\'s label after the name', () => {
  it('ends the name (`Autor: Ann Lee Datum: …`, `Geschrieben von Ann Lee Kategorie: …`)', () => {
    expect(leadBylineName('Autor: Klaus Becker Datum: 12.03.2019')).toBe('Klaus Becker');
    expect(leadBylineName('Geschrieben von Klaus Becker Kategorie: Aktuelles')).toBe('Klaus Becker');
    const body = '<div id="content"><h1>Grundschule wird im Frühjahr saniert</h1><div class="meta"><span>Autor: Klaus Becker</span> <span>Datum: 12.03.2019</span></div><p>Der Gemeinderat hat am Dienstagabend beschlossen, die Sanierung zu beginnen.</p></div>';
    const found = fields(page('de', body), 'https://www.musterverband.example/presse/grundschule.html');
    expect(found.author).toBe('Klaus Becker');
    expect(found.datePublished).toBe('2019-03-12T12:00:00.000Z');
  });
});

describe('a meta line under the headline: a date, then a byline', () => {
  it('gives the name after the date (Contao\'s `p.info`, `Eingestellt am … von …`)', () => {
    const contao = '<div class="mod_newsreader block"><div class="layout_full block"><h1>Grundschule wird im Frühjahr saniert</h1><p class="info"><time datetime="2019-11-10T09:00:00+01:00" class="time">10.11.2019</time> von Max Muster </p><div class="ce_text block"><p>Der Gemeinderat hat am Dienstagabend beschlossen, die Sanierung zu beginnen.</p></div></div></div>';
    expect(fields(page('de', contao), 'https://www.musterverein.example/news/grundschule.html').author).toBe('Max Muster');
    const posted = '<div id="content"><h1>Grundschule wird im Frühjahr saniert</h1><div class="info">Eingestellt am 12.03.2019 um 10:15 Uhr von Klaus Becker</div><p>Der Gemeinderat hat am Dienstagabend beschlossen, die Sanierung zu beginnen.</p></div>';
    expect(fields(page('de', posted), 'https://www.musterverein.example/news/grundschule-2.html').author).toBe('Klaus Becker');
  });

  it('not from a sentence under the headline, nor without a date before the label', () => {
    const lead = '<h1>Grundschule wird im Frühjahr saniert</h1><p>Nach langen Beratungen im Jahr 2018 hat der Gemeinderat am Dienstagabend die Pläne von Max Muster gebilligt.</p>';
    expect(fields(page('de', lead), 'https://www.musterverein.example/news/grundschule-3.html').author).toBeNull();
    const kicker = '<h1>Grundschule wird im Frühjahr saniert</h1><p class="info">Die Pläne von Max Muster</p><p>Der Gemeinderat hat am Dienstagabend beschlossen, die Sanierung zu beginnen.</p>';
    expect(fields(page('de', kicker), 'https://www.musterverein.example/news/grundschule-4.html').author).toBeNull();
  });

  it('ends the name before the section a classic theme names after it', () => {
    expect(leadBylineName('von Klaus Becker in Allgemein.')).toBe('Klaus Becker');
    const footer = '<article><h1>Grundschule wird im Frühjahr saniert</h1><p>Der Gemeinderat hat am Dienstagabend beschlossen, die Sanierung zu beginnen.</p><p class="postmetadata">Dieser Eintrag wurde veröffentlicht am Dienstag, 12. März 2019 um 10:15 von Klaus Becker in Allgemein.</p></article>';
    expect(fields(page('de', footer), 'https://www.musterblog.example/grundschule/').author).toBe('Klaus Becker');
  });
});

describe('Joomla\'s article info', () => {
  // Joomla 2.5 and its templates write the article info without microdata; Joomla 3 and 4 add it, which a page may drop.
  const info = (createdBy: string, created: string): string => `<div class="item-page"><h2>Grundschule wird im Frühjahr saniert</h2><dl class="article-info"><dt class="article-info-term">Details</dt><dd class="category-name">Kategorie: <a href="/index.php/aktuelles">Aktuelles</a></dd>${created}${createdBy}<dd class="hits">Zugriffe: 5012</dd></dl><p>Der Gemeinderat hat am Dienstagabend beschlossen, die Sanierung der Grundschule zu beginnen.</p></div>`;

  it('names the writer in `dd.createdby` and the first day in `dd.create`', () => {
    const german = fields(page('de-de', info('<dd class="createdby">Geschrieben von Klaus Becker</dd>', '<dd class="create">Erstellt: Mittwoch, 12. März 2014 10:15</dd><dd class="modified">Zuletzt aktualisiert: Freitag, 14. März 2014 09:00</dd>')), 'https://www.sportverein.example/index.php/aktuelles/55-grundschule');
    expect(german.author).toBe('Klaus Becker');
    expect(german.datePublished).toBe('2014-03-12T10:15:00.000Z');
    const english = fields(page('en-gb', info('<dd class="createdby">Written by John Baker</dd>', '<dd class="create">Created: 12 March 2015</dd>')), 'https://www.hillside-club.example/index.php/news/56-school');
    expect(english.author).toBe('John Baker');
    expect(english.datePublished).toBe('2015-03-12T12:00:00.000Z');
    // Joomla 4's label with a colon and the name in a span of its own.
    const four = fields(page('de-de', info('<dd class="createdby"><span class="icon-user icon-fw" aria-hidden="true"></span>Geschrieben von: <span>Klaus Becker</span></dd>', '<dd class="published"><span class="icon-calendar icon-fw"></span>Veröffentlicht: 12. März 2022</dd>')), 'https://www.sportverein.example/aktuelles/grundschule');
    expect(four.author).toBe('Klaus Becker');
    expect(four.datePublished).toBe('2022-03-12T12:00:00.000Z');
  });
});

describe('an author\'s label opening a short text anywhere in the body', () => {
  const article = (sign: string): string => `<div id="content"><h1>Große Aufgaben für die neue Regierung</h1><p>Nach den Wahlen im Herbst steht die neue Regierung vor großen Aufgaben in der Wirtschaft und der Verwaltung.</p><p>Die Reformen sollen im kommenden Jahr beginnen, teilte das Ministerium mit.</p>${sign}</div><footer><p>© 2023 Musterstiftung</p></footer>`;

  it('signs an association\'s or a company\'s text at its end', () => {
    expect(fields(page('de', article('<p><strong>Autorin: Uta Staschewski, Projektleiterin der Stiftung in Tunesien.</strong></p>')), 'https://www.musterstiftung.example/news/detail/aufgaben').author).toBe('Uta Staschewski');
    const pair = fields(page('de', article('<p><strong>Autor:</strong> Klaus Becker<br><strong>Datum:</strong> 12.03.2019</p>')), 'https://www.musterstiftung.example/news/detail/aufgaben-2');
    expect(pair.author).toBe('Klaus Becker');
    expect(pair.datePublished).toBe('2019-03-12T12:00:00.000Z');
  });

  it('needs the label\'s colon, at the text\'s start', () => {
    expect(fields(page('de', article('<p>Der Autor: ein Porträt von Klaus Becker</p>')), 'https://www.musterstiftung.example/news/detail/aufgaben-3').author).toBeNull();
    expect(fields(page('de', article('<p>Autor Klaus Becker hat das Buch geschrieben</p>')), 'https://www.musterstiftung.example/news/detail/aufgaben-4').author).toBeNull();
  });
});

describe('a post\'s footer line that opens with a byline', () => {
  const typepad = (footer: string): string => `<div id="alpha"><h2 class="date-header">March 12, 2009</h2><div class="entry-type-post entry"><h3 class="entry-header">Primary school to be renovated</h3><div class="entry-content"><div class="entry-body">${text}${'<p>Work is due to finish before the end of the summer holidays, the council said.</p>'.repeat(4)}</div></div><div class="entry-footer"><p class="entry-footer-info">${footer}</p></div></div></div>`;

  it('names the writer (Typepad\'s `Posted by … at … in …`)', () => {
    const found = fields(page('en', typepad('<span class="post-footers">Posted by Jane Doe at 10:15 AM in <a href="/blog/news/">News</a></span> <span class="separator">|</span> <a class="permalink" href="/blog/school.html">Permalink</a>')), 'https://hillsidejane.typepad.example/blog/school.html');
    expect(found.author).toBe('Jane Doe');
    expect(found.datePublished).toBe('2009-03-12T12:00:00.000Z');
  });

  it('not the site\'s own name', () => {
    const html = page('en', typepad('Posted by <a href="/about/">Hillside Jane</a> at 10:15 AM')).replace('<title>T</title>', '<title>T</title><meta property="og:site_name" content="Hillside Jane">');
    expect(fields(html, 'https://hillsidejane.typepad.example/blog/school-2.html').author).toBeNull();
  });
});

describe('Drupal 6\'s German `submitted` line', () => {
  it('names the user after `Eingereicht von`', () => {
    const body = '<h2 class="with-tabs">Grundschule wird im Frühjahr saniert</h2><div id="node-123" class="node"><span class="submitted">Eingereicht von mmuster am 12. März 2010 - 10:15.</span><div class="content"><p>Der Gemeinderat hat am Dienstagabend beschlossen, die Sanierung zu beginnen.</p></div></div>';
    const found = fields(page('de', body), 'https://www.musterverband.example/node/123');
    expect(found.author).toBe('mmuster');
    expect(found.datePublished).toBe('2010-03-12T10:15:00.000Z');
  });
});

describe('a static site\'s meta line: a date in words, a reading time, a full name', () => {
  it('gives the name after the date (Hugo PaperMod)', () => {
    const body = '<main class="main"><article class="post-single"><header class="post-header"><div class="breadcrumbs"><a href="/">Home</a>&nbsp;»&nbsp;<a href="/posts/">Posts</a></div><h1 class="post-title">Primary school to be renovated</h1><div class="post-meta"><span title=\'2019-03-12 10:15:00 +0000 UTC\'>March 12, 2019</span>&nbsp;·&nbsp;2 min&nbsp;·&nbsp;Jane Doe</div></header><div class="post-content">' + text + '</div></article></main>';
    const found = fields(page('en', body), 'https://jane.example/posts/school/');
    expect(found.author).toBe('Jane Doe');
    expect(found.datePublished).toBe('2019-03-12T12:00:00.000Z');
    // A section's name after the date is no one's full name.
    const section = body.replace('2 min&nbsp;·&nbsp;Jane Doe', 'News');
    expect(fields(page('en', section), 'https://jane.example/posts/school-2/').author).toBeNull();
  });
});

describe('TYPO3 tt_news\'s box above the headline', () => {
  it('names the writer after `Von:`, the name ending where the headline starts', () => {
    const body = '<div class="news-single-item"><div class="news-single-rightbox"> 10.11.09 10:15 Alter: 14 Jahr(e)<br>Kategorie: <a href="/c">Schule</a><br>Von: <a href="mailto:pm@schule.example">Peter Müller</a></div><h1>Grundschule wird im Frühjahr saniert</h1><h2>Neue Fenster und Heizung</h2><p>Der Gemeinderat hat am Dienstagabend beschlossen, die Sanierung der Grundschule zu beginnen.</p></div>';
    expect(fields(page('de', body), 'https://www.schule.example/index.php?id=45&tx_ttnews[tt_news]=123').author).toBe('Peter Müller');
  });
});
