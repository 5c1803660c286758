import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/* What a description source holds that is no description (issue 33 item 2, src/rules/description.ts, lead-paragraph.ts). */

const url = 'https://www.harbourledger.example/news/ferry-returns';
const lead = '<p>The harbour council voted on Tuesday to keep the island ferry running through the winter months.</p>';
const descriptionOf = (head: string, body = lead): string | null =>
  pickFields(parseHtml(`<html><head>${head}</head><body><h1>Ferry returns to the island</h1>${body}</body></html>`), {url, headers: {}}, rules, null).description;

describe('a byline, the site\'s name or slogan, a URL or a keywords list gives way to a real description', () => {
  it.each([
    ['a byline as og:description', '<meta property="og:description" content="Par Didier Roy (Planète Asie, Les blogs du Diplo, 21 juin 2018)"><meta name="description" content="The island ferry keeps running this winter.">', 'The island ferry keeps running this winter.'],
    ['a slogan naming the site', '<meta name="description" content="harbourledger.example - the independent harbour portal">', 'The harbour council voted on Tuesday to keep the island ferry running through the winter months.'],
    ['a section label naming the site', '<meta property="og:description" content="++ harbourledger.example Blaulicht ++">', 'The harbour council voted on Tuesday to keep the island ferry running through the winter months.'],
    ['the site\'s name', '<meta property="og:site_name" content="Tidewater"><meta property="og:description" content="Tidewater">', 'The harbour council voted on Tuesday to keep the island ferry running through the winter months.'],
    ['a URL', '<meta name="description" content="https://www.harbourledger.example/img/ferry.jpg">', 'The harbour council voted on Tuesday to keep the island ferry running through the winter months.'],
    ['a keywords list', '<meta name="description" content="Ferry,Harbour,Island,Winter,Council,Transport">', 'The harbour council voted on Tuesday to keep the island ferry running through the winter months.'],
  ])('%s', (_name, head, expected) => {
    expect(descriptionOf(head)).toBe(expected);
  });

  it('is still the answer when the page says nothing else', () => {
    expect(descriptionOf('<meta name="description" content="harbourledger.example - the independent harbour portal">', '')).toBe('harbourledger.example - the independent harbour portal');
  });

  it('a sentence starting with "Von" and a place is a description', () => {
    expect(descriptionOf('<meta name="description" content="Von Berlin aus fährt die Fähre bald wieder täglich.">')).toBe('Von Berlin aus fährt die Fähre bald wieder täglich.');
  });
});

describe('a description does not glue a heading to its text', () => {
  it('the h1 glued to the teaser in a meta description', () => {
    expect(descriptionOf('<meta name="description" content="Ferry returns to the islandThe council keeps the winter ferry after two years of campaigns.">'))
      .toBe('The council keeps the winter ferry after two years of campaigns.');
  });
  it('a <br> between a paragraph\'s heading and its text', () => {
    expect(descriptionOf('', '<p><strong>Winter timetable</strong><br>The ferry leaves the island at seven and returns at noon every day.</p>'))
      .toBe('Winter timetable The ferry leaves the island at seven and returns at noon every day.');
  });
  it('a date heading the lead paragraph', () => {
    expect(descriptionOf('', '<p><span class="date">31. Oktober 2023.</span> Die Fähre fährt auch im Winter wieder täglich zur Insel.</p>'))
      .toBe('Die Fähre fährt auch im Winter wieder täglich zur Insel.');
    expect(descriptionOf('', '<p>ERDEN. Wie berichtet, fährt die Fähre auch im Winter wieder täglich zur Insel.</p>'))
      .toBe('ERDEN. Wie berichtet, fährt die Fähre auch im Winter wieder täglich zur Insel.');
  });
});

describe('the lead paragraph is not a line of the page\'s furniture', () => {
  const text = 'Die Fähre fährt auch im Winter wieder täglich zur Insel, beschloss der Rat am Dienstag.';
  it.each([
    ['a rights line', '<p>© 2023 Harbour Ledger Holdings, LLC. All rights reserved</p>'],
    ['a rights line in German', '<p>Harbour Ledger Verlag GmbH 2023. Alle Rechte vorbehalten.</p>'],
    ['a rule of dashes', '<p>------------------------------------------</p>'],
    ['breadcrumbs with arrows', '<p>Home → Notizie dal mondo → La nave torna sull\'isola anche in inverno</p>'],
    ['an English byline with its date and reading time', '<p>By Jane Doe and John Roe | May 3, 2024 | 4 min read</p>'],
    ['a byline with its label', '<p>Autorin: Jana Peters | Redaktion Hafenblatt, 3. Mai 2024</p>'],
    ['a French byline with its date', '<p>Par Nicolas Gutierrez C. le 14.09.2020 à 11h46</p>'],
    ['a German byline with its date', '<p>Von Jana Peters und Ole Brandt am 3. Mai 2024, 10:04 Uhr</p>'],
    ['a German dateline', '<p>Veröffentlicht am: 28. Oktober 2023 | Anzahl Kommentare: noch keine</p>'],
    ['a French dateline', '<p>Publié le 3 mai 2024 à 10h30, mis à jour le 4 mai 2024 à 8h00</p>'],
    ['a picture credit', '<p>Abb.: Collage aus Archivbildern und eigenen Aufnahmen</p>'],
    ['a video\'s credit', '<p>Video: Hafenamt Nordstrand, Schnitt und Ton Jana Peters</p>'],
    ['a caption ending in its credit', '<p>Auch der Bürgermeister gehört zu den Unterstützern der Fähre. Bild: dpa</p>'],
    ['a gallery\'s counter', '<p>1/5 Am Freitagabend legte die Fähre zum ersten Mal im Winter an. (Bild: Hafenamt)</p>'],
    ['a list of tags', '<p>amiga, dogs, floppy, Hunde, Hundeleben, Fähre</p>'],
  ])('%s gives way to the text after it', (_name, furniture) => {
    expect(descriptionOf('', `${furniture}<p>${text}</p>`)).toBe(text);
  });

  it.each([
    ['a sentence opening with "Von" and a place', 'Von Berlin aus fährt die Fähre bald wieder täglich zur Insel, beschloss der Rat.'],
    ['a sentence naming the copyright', 'Copyright law protects the timetable as it protects any other collection of facts, the court said.'],
    ['a sentence with commas', 'The ferry, the bus, the train, and the plane all left late on Tuesday, the council said.'],
  ])('%s is a lead', (_name, sentence) => {
    expect(descriptionOf('', `<p>${sentence}</p><p>${text}</p>`)).toBe(sentence);
  });
});
