import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../../src/parse/parse-html.js';
import {pickFields, rules} from '../../../src/rules/rules.js';
import {productName} from '../../../src/rules/sites/amazon.js';
import {siteCard, summary} from './site-card.js';

// The most-pasted sites in the conventions their users know (issue 33): the person in the title, the
// text in the description, never both; each shape below is one the site has served to previewers.

describe('X: `Name (@handle) on X` whatever shape the title has', () => {
  it('a 2023 post: `Name on X: "text" / X` gives the title, the text (entities decoded) and the name', () => {
    expect(summary(siteCard('x', 'post-2023'))).toEqual({
      title: 'Example City (@examplecity) on X', description: 'Road closures this weekend: Main St & 5th Ave from 8am.',
      author: 'Example City', publisher: 'X', datePublished: '2023-04-23T04:53:50.174Z', image: 'https://pbs.twimg.com/media/FuAbCdEfGhIjKlM.jpg',
    });
  });

  it('a profile as served to bots: `Name (@handle) / X` becomes `… on X`, the bio is the description', () => {
    expect(summary(siteCard('x', 'profile-bot'))).toEqual({
      title: 'Example City (@examplecity) on X', description: 'Official account of Example City. News, services and events. Not monitored 24/7.',
      author: 'Example City', publisher: 'X', datePublished: null, image: 'https://pbs.twimg.com/profile_images/1600000000000000000/XyZ_400x400.jpg',
    });
  });
});

describe('X as a signed-in browser saved it: no og tags, `(2) Name on X: "text" / X`', () => {
  it('the title without the notification count, the text, the name, the date from the post ID, the post\'s photo', () => {
    expect(summary(siteCard('x', 'post-browser'))).toEqual({
      title: 'Harbour City Council (@harbourcity) on X',
      description: 'Ferry timetable changes from Monday: the 7:10 now leaves at 7:05. Full timetable: https://t.co/Ab12Cd34',
      author: 'Harbour City Council', publisher: 'X', datePublished: '2024-05-27T10:20:57.095Z',
      image: 'https://pbs.twimg.com/media/GOaBcDeFgHiJ?format=jpg&name=small',
    });
  });
});

describe('X in the visitor\'s language', () => {
  it('a German browser\'s `Name auf X: „text“ / X`: the convention title, the text, the name', () => {
    expect(summary(siteCard('x', 'post-de'))).toMatchObject({
      title: 'Hafenstadt Nord (@hafenstadtnord) on X', description: 'Die Fähre um 7:10 fällt heute aus. Ersatzbus ab Anleger 2.', author: 'Hafenstadt Nord', publisher: 'X',
    });
  });

  it.each([
    ['Ville Nord sur X : « Le ferry de 7 h 10 est annulé. » / X', 'Ville Nord', 'Le ferry de 7 h 10 est annulé.'],
    ['Ciudad Norte en X: "El ferry de las 7:10 no sale hoy." / X', 'Ciudad Norte', 'El ferry de las 7:10 no sale hoy.'],
    ['Hafenstadt Nord auf Twitter: „Fähre fällt aus.“ / Twitter', 'Hafenstadt Nord', 'Fähre fällt aus.'],
  ])('<title> %j: %j, %j', (title, author, description) => {
    const card = pickFields(parseHtml(`<title>${title}</title>`), {url: 'https://x.com/nord/status/1795037467512234401', headers: {}}, rules);
    expect({title: card.title, author: card.author, description: card.description}).toEqual({title: `${author} (@nord) on X`, author, description});
  });
});

describe('Instagram: `Name (@handle) • Instagram photo`', () => {
  it('a reel: `• Instagram reel`, the handle from og:description', () => {
    expect(summary(siteCard('instagram', 'reel')).title).toBe('Crumb Lab (@crumblab) • Instagram reel');
  });

  it('twitter:title in the share-card shape is the title; the caption alone, entities decoded', () => {
    expect(summary(siteCard('instagram', 'post-card'))).toEqual({
      title: 'Example Photos (@examplephotos) • Instagram video', description: 'Harbour at dawn & the first boats out',
      author: 'Example Photos', publisher: 'Instagram', datePublished: '2024-03-03T12:00:00.000Z', image: 'https://scontent.cdninstagram.com/v/t51.29350-15/555_n.jpg',
    });
  });

  it('a post without a caption: no counts as the description, the date still read', () => {
    expect(summary(siteCard('instagram', 'post-no-caption'))).toEqual({
      title: 'Crumb Lab (@crumblab) • Instagram photo', description: null, author: 'Crumb Lab', publisher: 'Instagram',
      datePublished: '2025-01-09T12:00:00.000Z', image: 'https://scontent.cdninstagram.com/v/t51.29350-15/777_n.jpg',
    });
  });
});

describe('Instagram of 2019–2022: the name and handle from `N Likes, M Comments - Name (@handle) on Instagram`', () => {
  it('a post with a caption: the handle in the title, the caption alone', () => {
    expect(summary(siteCard('instagram', 'post-2021'))).toEqual({
      title: 'Harbour Bakery (@harbourbakery) • Instagram photo', description: 'Rye loaves are back this Saturday 🍞 Come early!',
      author: 'Harbour Bakery', publisher: 'Instagram', datePublished: null,
      image: 'https://scontent-lhr8-1.cdninstagram.com/v/t51.2885-15/e35/p1080x1080/200000000_n.jpg',
    });
  });

  it('a post without a caption, titled `Instagram post by Name • Jun 3, 2020 at …`: its day, no counts as the description', () => {
    expect(summary(siteCard('instagram', 'post-2020'))).toEqual({
      title: 'Harbour Bakery (@harbourbakery) • Instagram photo', description: null,
      author: 'Harbour Bakery', publisher: 'Instagram', datePublished: '2020-06-03T12:00:00.000Z',
      image: 'https://scontent-lhr8-1.cdninstagram.com/v/t51.2885-15/e35/100000000_n.jpg',
    });
  });
});

describe('Instagram in the visitor\'s language', () => {
  it('German (2024): `Name auf Instagram: "…"`, `… - handle am 11. Februar 2024: "…"`: the convention title, the caption, the day', () => {
    expect(summary(siteCard('instagram', 'post-de'))).toEqual({
      title: 'Harbour Bakery (@harbourbakery) • Instagram photo', description: 'Roggenbrot ist zurück', author: 'Harbour Bakery', publisher: 'Instagram',
      datePublished: '2024-02-11T12:00:00.000Z', image: 'https://scontent.cdninstagram.com/v/t51.29350-15/1_n.jpg',
    });
  });

  it('French (2019–2022): `… - Name (@handle) sur Instagram : « … »`', () => {
    expect(summary(siteCard('instagram', 'post-fr-2021'))).toMatchObject({
      title: 'Harbour Bakery (@harbourbakery) • Instagram photo', description: 'Le pain de seigle est de retour', author: 'Harbour Bakery',
    });
  });

  it.each([
    '1.204 „Gefällt mir“-Angaben, 37 Kommentare - harbourbakery am 11. Februar 2024',
    '1,204 likes, 37 comments - harbourbakery on February 11, 2024.',
    '812 Likes, 12 Comments - Harbour Bakery (@harbourbakery) on Instagram',
  ])('counts without a caption are no description: %j', (description) => {
    const snapshot = parseHtml(`<meta property="og:description" content="${description}"><meta property="og:title" content="Harbour Bakery on Instagram">`);
    expect(pickFields(snapshot, {url: 'https://www.instagram.com/p/C1deDeDeDe2/', headers: {}}, rules).description).toBeNull();
  });
});

describe('TikTok: `Name (@handle) on TikTok`, the caption, the date from the embedded state', () => {
  it('__UNIVERSAL_DATA_FOR_REHYDRATION__: desc, createTime, nickname; og:image the cover', () => {
    expect(summary(siteCard('tiktok', 'video-state'))).toEqual({
      title: 'Example Cook (@examplecook) on TikTok', description: 'Crispy rice, two ways 🍚 #dinner', author: 'Example Cook', publisher: 'TikTok',
      datePublished: '2024-06-13T19:01:27.000Z', image: 'https://p16-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/share~tplv-og.jpeg',
    });
  });

  it('SIGI_STATE (2021–2023) behind the generic og tags: its item, the generic card refused for the cover', () => {
    expect(summary(siteCard('tiktok', 'video-sigi'))).toEqual({
      title: 'Example Cook (@examplecook) on TikTok', description: 'Sourdough discard crackers & dip', author: 'Example Cook', publisher: 'TikTok',
      datePublished: '2023-02-13T14:53:20.000Z', image: 'https://p16-sign-va.tiktokcdn.com/obj/cover789.jpeg',
    });
  });

  it('meta tags only: the name and caption of `TikTok video from Name (@handle): "…"`, the date from the video ID', () => {
    expect(summary(siteCard('tiktok', 'video-meta'))).toEqual({
      title: 'Example Cook (@examplecook) on TikTok', description: 'Five-minute noodles #quick', author: 'Example Cook', publisher: 'TikTok',
      // 7390000000000000000 >> 32 seconds since 1970
      datePublished: '2024-07-10T13:34:16.000Z', image: 'https://p16-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/noodles~tplv-og.jpeg',
    });
  });
});

describe('Amazon: the product title element and the main image, never a banner, an ad or a widget heading', () => {
  it('ads, a banner and thumbnails before the photo, a `Sponsored` <h1> before the title: the product and its largest dynamic image', () => {
    expect(summary(siteCard('amazon', 'product-widgets'))).toEqual({
      title: 'Example Noise Cancelling Headphones, Wireless, 40h Battery', description: 'Example Noise Cancelling Headphones, Wireless, 40h Battery',
      author: null, publisher: 'Amazon', datePublished: null, image: 'https://m.media-amazon.com/images/I/61hpMain._AC_SL1500_.jpg',
    });
  });

  it('a book without h1#title: its #productTitle (not `<title>`, which adds the author and ISBN); the cover #imgBlkFront', () => {
    expect(summary(siteCard('amazon', 'book-cover'))).toMatchObject({
      title: 'The Salt Road: A Novel', publisher: 'Amazon', image: 'https://m.media-amazon.com/images/I/51saltRd._SY445_SX342_.jpg',
    });
  });

  it('a book of 2023: #productTitle without the binding and edition h1#title adds; its authors without their roles and the author popover', () => {
    expect(summary(siteCard('amazon', 'book-2023'))).toEqual({
      title: 'The Quiet Harbour: A Novel',
      description: 'The Quiet Harbour: A Novel [Lind, Maren] on Amazon.com. *FREE* shipping on qualifying offers. The Quiet Harbour: A Novel',
      author: 'Maren Lind, Tom Roe', publisher: 'Amazon', datePublished: null, image: 'https://m.media-amazon.com/images/I/81qh._SY522_.jpg',
    });
  });

  it('the mobile site: #main-image at its data-a-hires, not the deals banner', () => {
    expect(summary(siteCard('amazon', 'product-mobile'))).toMatchObject({
      title: 'Example Pour-Over Coffee Kettle, 1L, Gooseneck', publisher: 'Amazon', image: 'https://m.media-amazon.com/images/I/61goose._AC_SL1500_.jpg',
    });
  });

  it.each([
    ['Amazon.com: Example Kettle, 1.7L : Home & Kitchen', 'Example Kettle, 1.7L'],
    ['Amazon.com : Example Kettle', 'Example Kettle'],
    ["Example Walking Boots Men's : Amazon.co.uk: Fashion", "Example Walking Boots Men's"],
    ['Example Lampe: Amazon.de: Beleuchtung', 'Example Lampe'],
    ['The Salt Road: A Novel: Example, Ann: 9781234567897: Amazon.com: Books', 'The Salt Road: A Novel: Example, Ann'],
    ['Example Kettle', 'Example Kettle'],
  ])('productName(%j) is %j', (value, name) => {
    expect(productName(value)).toBe(name);
  });

  it('the parse records h1#title and the main image\'s attributes, nothing of other ids', () => {
    const snapshot = parseHtml('<h1 id="title"><span id="productTitle"> Kettle </span></h1><h1 id="title">Other</h1><img id="landingImage" src="s.jpg" data-old-hires="h.jpg"><img id="other" src="o.jpg">');
    expect(snapshot.marks).toEqual({'#title': 'Kettle', '#productTitle': 'Kettle', '#landingImage@src': 's.jpg', '#landingImage@data-old-hires': 'h.jpg'});
    expect(parseHtml('<h1 id="x">A</h1><img src="a.jpg">').marks).toBeUndefined();
  });
});

describe('Reddit: the post title and text, not the community boilerplate', () => {
  it('<shreddit-post> with `From the … community on Reddit:` og tags: its title, author, time; the post text as description', () => {
    expect(summary(siteCard('reddit', 'shreddit-post'))).toEqual({
      title: 'Starter smells like nail polish, is it dead?',
      description: 'I left my starter in the fridge for three weeks and now it smells like acetone. Is it gone or can I revive it?',
      author: 'levain_lover', publisher: 'Reddit', datePublished: '2024-07-13T09:12:44.000Z', image: 'https://share.redd.it/preview/post/1e2fghi',
    });
  });

  it('an image post: the picture of content-href over Reddit\'s icon; `Posted by u/… - N votes` is no description', () => {
    expect(summary(siteCard('reddit', 'shreddit-image'))).toEqual({
      title: 'Crumb shot after 48h cold proof', description: null, author: 'crumbfan', publisher: 'Reddit',
      datePublished: '2024-08-01T17:30:00.000Z', image: 'https://i.redd.it/crumb48h.jpeg',
    });
  });
});

describe('Reddit before shreddit: the title out of its wrappers, the poster out of the votes line', () => {
  it('2018–2023 (`data-testid="post-container"`): og:title `r/sub - Title`, `Posted in r/sub by u/name • N points…` is the author, not the description', () => {
    expect(summary(siteCard('reddit', 'post-2021'))).toEqual({
      title: 'How long can I keep a starter in the fridge?',
      description: "I'm going away for a month. Will my starter survive in the fridge without feeding, or should I dry some?",
      author: 'crumb_curious', publisher: 'Reddit', datePublished: null, image: 'https://external-preview.redd.it/abc123.jpg?auto=webp&s=def456',
    });
  });

  it('2023: `r/sub on Reddit: Title` and `Posted by u/name - N votes and M comments` on a post without text', () => {
    expect(summary(siteCard('reddit', 'post-2023'))).toMatchObject({title: 'How long can I keep a starter in the fridge?', description: null, author: 'crumb_curious'});
  });

  it.each([
    ['How long can I keep a starter in the fridge? : Sourdough', 'How long can I keep a starter in the fridge?'],
    ['How long can I keep a starter in the fridge? : r/Sourdough', 'How long can I keep a starter in the fridge?'],
  ])('<title> %j is %j', (title, expected) => {
    const snapshot = parseHtml(`<title>${title}</title>`);
    expect(pickFields(snapshot, {url: 'https://old.reddit.com/r/Sourdough/comments/mabc12/x/', headers: {}}, rules).title).toBe(expected);
  });

  it.each([
    '12 votes and 3 comments so far on Reddit',
    '1.2k votes, 340 comments. 2.1M subscribers in the Sourdough community. A place to share bread.',
  ])('refuses the description %j', (description) => {
    const snapshot = parseHtml(`<title>T</title><meta property="og:description" content="${description}">`);
    expect(pickFields(snapshot, {url: 'https://www.reddit.com/r/Sourdough/comments/mabc12/x/', headers: {}}, rules).description).toBeNull();
  });
});

describe('IMDb: HTML entities in JSON-LD decoded', () => {
  it('`Schindler&apos;s List`, `&quot;` in the plot', () => {
    expect(summary(siteCard('imdb', 'title-escaped'))).toMatchObject({
      title: "Schindler's List", author: 'Steven Spielberg',
      description: expect.stringMatching(/persecution by the Nazis\. "Whoever saves one life saves the world entire\."$/) as unknown as string,
    });
  });
});

describe('LinkedIn: a post is `Name on LinkedIn: text`, the person in the title', () => {
  it('a post with only a <title> in that shape (no og:title, no JSON-LD): the title without the comment count, the text, the person', () => {
    expect(summary(siteCard('linkedin', 'post-title'))).toMatchObject({
      title: 'Ben Example on LinkedIn: Our night shift now ends at 5am. Here is what changed on the line.',
      description: 'Our night shift now ends at 5am. Here is what changed on the line: fewer handovers, one more break.',
      author: 'Ben Example', publisher: 'LinkedIn',
    });
  });
});

describe('LinkedIn in the visitor\'s language', () => {
  it.each([
    ['Ben Example auf LinkedIn: Unsere Nachtschicht endet jetzt um 5 Uhr. | 18 Kommentare', 'Ben Example auf LinkedIn: Unsere Nachtschicht endet jetzt um 5 Uhr.'],
    ['Ben Example sur LinkedIn : Notre équipe de nuit finit à 5 h. | 18 commentaires', 'Ben Example sur LinkedIn : Notre équipe de nuit finit à 5 h.'],
  ])('a post titled %j: %j, the person as author', (title, expected) => {
    const card = pickFields(parseHtml(`<meta property="og:title" content="${title}">`), {url: 'https://www.linkedin.com/posts/ben-example_shift-activity-7200000000000000001-AbCd', headers: {}}, rules);
    expect({title: card.title, author: card.author}).toEqual({title: expected, author: 'Ben Example'});
  });
});

describe('boilerplate descriptions of the other most-pasted sites are refused', () => {
  const card = (url: string, description: string) => {
    const snapshot = parseHtml(`<title>T</title><meta property="og:description" content="${description}">`);
    return pickFields(snapshot, {url, headers: {}}, rules).description;
  };

  it.each([
    ['https://www.youtube.com/watch?v=aBcDeFgHiJk', 'Profitez des vidéos et de la musique que vous aimez, mettez en ligne des contenus originaux'],
    ['https://www.youtube.com/watch?v=aBcDeFgHiJk', 'Genieße Videos und Musik, die du liebst, lade eigene Inhalte hoch'],
    ['https://www.facebook.com/examplebakery/posts/pfbid02aBcDeF', 'Log in to Facebook to start sharing and connecting with your friends, family and people you know.'],
    ['https://www.linkedin.com/posts/ann-example_launch-activity-7199999999999999999-AbCd', 'LinkedIn and 3rd parties use essential and non-essential cookies to provide, secure, analyze and improve our Services.'],
  ])('%s: %j', (url, description) => {
    expect(card(url, description)).toBeNull();
  });

  it('a real description stays', () => {
    expect(card('https://www.linkedin.com/posts/ann-example_launch-activity-7199999999999999999-AbCd', 'We shipped the new arm today.')).toBe('We shipped the new arm today.');
  });
});
