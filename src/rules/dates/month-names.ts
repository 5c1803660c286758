/*
 * Month names and their usual abbreviations in the languages of most pages (below), lowercase, without
 * a trailing dot: `mär`, `janv`, `févr`, `dic`, `июня`, `kesäkuuta`.
 * A hand-written table: smaller and faster than a locale parser per language.
 */

const names: readonly (readonly string[])[] = [
  // 1 … 12: every spelling of the month, in any of the languages: German, English, French, Spanish,
  // Catalan, Italian, Portuguese, Dutch; Swedish, Danish, Norwegian, Finnish, Estonian; Polish, Czech,
  // Slovak, Hungarian, Romanian; Turkish, Indonesian; Russian, Ukrainian and Greek (the forms a day
  // takes: `13 июня`, `13. kesäkuuta`, `13 czerwca`, `13 Haziran`); then, after them on each line,
  // Greek without accents (capitals drop them) and abbreviated, Croatian, Slovenian, Serbian and Bosnian,
  // Icelandic, Albanian, Latvian, Lithuanian, Galician, Filipino, Malay, Bulgarian, Serbian and Macedonian
  // Cyrillic, Belarusian, Arabic, Hebrew (with its `ב`: `13 ביוני 2019`), Hindi, Turkish abbreviations, the Levant's
  // and the Maghreb's Arabic names (`حزيران`, `تشرين الأول`, `جوان`), Persian's names of the Gregorian months (`ژوئن`),
  // and Thai, its abbreviations (`มิ.ย.`) too (its Buddhist-era year, 2562, is read as 2019: read-date.ts).
  // A name shared by two languages always means the same month (`listopad` is November in Polish and
  // Czech); Croatian's `listopad(a)`, October, is left out for that.
  ['january', 'jan', 'januar', 'jänner', 'jän', 'janvier', 'janv', 'enero', 'ene', 'gener', 'gennaio', 'gen', 'janeiro', 'januari',
    'tammikuuta', 'tammikuu', 'jaanuar', 'stycznia', 'styczeń', 'sty', 'ledna', 'leden', 'januára', 'január', 'ianuarie', 'ocak',
    'января', 'январь', 'янв', 'січня', 'січень', 'ιανουαρίου', 'ιανουάριος',
    'ιανουαριου', 'ιαν', 'siječnja', 'siječanj', 'sijecnja', 'januarja', 'janúar', 'janar', 'janvāris', 'janvārī', 'sausio', 'xaneiro', 'ian', 'януари', 'јануар', 'јануари', 'студзеня', 'يناير', 'ינואר', 'בינואר', 'जनवरी', 'oca', 'كانون الثاني', 'جانفي', 'มกราคม', 'ژانویه', 'ม.ค'],
  ['february', 'feb', 'febr', 'februar', 'feber', 'février', 'févr', 'fevrier', 'fevr', 'fév', 'febrero', 'febrer', 'febbraio', 'fevereiro', 'fev', 'februari',
    'helmikuuta', 'helmikuu', 'veebruar', 'lutego', 'luty', 'lut', 'února', 'únor', 'februára', 'február', 'februarie', 'şubat', 'subat',
    'февраля', 'февраль', 'фев', 'лютого', 'лютий', 'φεβρουαρίου', 'φεβρουάριος',
    'φεβρουαριου', 'φεβ', 'veljače', 'veljača', 'veljace', 'februarja', 'febrúar', 'shkurt', 'shkurtit', 'februāris', 'februārī', 'vasario', 'febreiro', 'pebrero', 'февруари', 'фебруар', 'лютага', 'فبراير', 'פברואר', 'בפברואר', 'फ़रवरी', 'फरवरी', 'şub', 'شباط', 'فيفري', 'กุมภาพันธ์', 'فوریه', 'ก.พ'],
  ['march', 'mar', 'märz', 'mär', 'maerz', 'mars', 'marzo', 'març', 'março', 'marco', 'maart', 'mrt', 'marts', 'maret',
    'maaliskuuta', 'maaliskuu', 'märts', 'marca', 'marzec', 'března', 'březen', 'marec', 'március', 'márc', 'martie', 'mart',
    'марта', 'март', 'мар', 'березня', 'березень', 'μαρτίου', 'μάρτιος',
    'μαρτιου', 'μαρ', 'ožujka', 'ožujak', 'ozujka', 'marsit', 'martā', 'kovo', 'marso', 'сакавіка', 'مارس', 'מרץ', 'במרץ', 'मार्च', 'آذار', 'มีนาคม', 'มี.ค'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'huhtikuuta', 'huhtikuu', 'aprill', 'kwietnia', 'kwiecień', 'kwi',
    'dubna', 'duben', 'apríla', 'apríl', 'április', 'ápr', 'aprilie', 'nisan', 'апреля', 'апрель', 'апр', 'квітня', 'квітень', 'απριλίου', 'απρίλιος',
    'απριλιου', 'απρ', 'travnja', 'travanj', 'aprila', 'prill', 'prillit', 'aprīlis', 'aprīlī', 'balandžio', 'balandzio', 'април', 'красавіка', 'أبريل', 'ابريل', 'אפריל', 'באפריל', 'अप्रैल', 'nis', 'نيسان', 'إبريل', 'أفريل', 'افريل', 'เมษายน', 'آوریل', 'เม.ย'],
  ['may', 'mai', 'mayo', 'maig', 'maggio', 'mag', 'maio', 'mei', 'maj', 'toukokuuta', 'toukokuu', 'maja', 'května', 'květen', 'mája', 'máj',
    'május', 'mayıs', 'mayis', 'мая', 'май', 'травня', 'травень', 'μαΐου', 'μάιος', 'μαιου', 'μαϊου', 'μαΐ', 'μαι', 'svibnja', 'svibanj', 'maí', 'majit', 'maijs', 'maijā', 'gegužės', 'geguzes', 'мај', 'траўня', 'مايو', 'מאי', 'במאי', 'मई', 'أيار', 'ايار', 'ماي', 'พฤษภาคม', 'مه', 'พ.ค'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'juny', 'giugno', 'giu', 'junho', 'kesäkuuta', 'kesäkuu', 'juuni', 'czerwca', 'czerwiec', 'cze',
    'června', 'červen', 'júna', 'jún', 'június', 'iunie', 'haziran', 'июня', 'июнь', 'июн', 'червня', 'червень', 'ιουνίου', 'ιούνιος',
    'ιουνιου', 'ιουν', 'lipnja', 'lipanj', 'junij', 'junija', 'júní', 'qershor', 'qershorit', 'jūnijs', 'jūnijā', 'birželio', 'birzelio', 'xuño', 'hunyo', 'юни', 'јун', 'јуни', 'чэрвеня', 'يونيو', 'יוני', 'ביוני', 'जून', 'haz', 'حزيران', 'يونيه', 'جوان', 'มิถุนายน', 'ژوئن', 'มิ.ย'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'juliol', 'luglio', 'lug', 'julho', 'heinäkuuta', 'heinäkuu', 'juuli', 'lipca', 'lipiec', 'lip',
    'července', 'červenec', 'júla', 'júl', 'július', 'iulie', 'temmuz', 'июля', 'июль', 'июл', 'липня', 'липень', 'ιουλίου', 'ιούλιος',
    'ιουλιου', 'ιουλ', 'srpnja', 'srpanj', 'julij', 'julija', 'júlí', 'korrik', 'korrikut', 'jūlijs', 'jūlijā', 'liepos', 'xullo', 'hulyo', 'julai', 'юли', 'јул', 'јули', 'ліпеня', 'يوليو', 'יולי', 'ביולי', 'जुलाई', 'tem', 'تموز', 'يوليه', 'جويلية', 'กรกฎาคม', 'ژوئیه', 'ก.ค'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'agost', 'ago', 'augustus', 'augusti', 'agustus', 'elokuuta', 'elokuu', 'sierpnia', 'sierpień', 'sie',
    'srpna', 'srpen', 'augusta', 'augusztus', 'ağustos', 'agustos', 'августа', 'август', 'авг', 'серпня', 'серпень', 'αυγούστου', 'αύγουστος',
    'αυγουστου', 'αυγ', 'kolovoza', 'kolovoz', 'avgust', 'avgusta', 'ágúst', 'gusht', 'gushtit', 'augusts', 'augustā', 'rugpjūčio', 'rugpjucio', 'ogos', 'жніўня', 'أغسطس', 'اغسطس', 'אוגוסט', 'באוגוסט', 'अगस्त', 'ağu', 'آب', 'أوت', 'اوت', 'สิงหาคม', 'ส.ค'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'setembre', 'set', 'settembre', 'setembro', 'syyskuuta', 'syyskuu',
    'września', 'wrzesień', 'wrz', 'září', 'septembra', 'szeptember', 'szept', 'septembrie', 'eylül', 'eylul',
    'сентября', 'сентябрь', 'сен', 'сент', 'вересня', 'вересень', 'σεπτεμβρίου', 'σεπτέμβριος',
    'σεπτεμβριου', 'σεπ', 'rujna', 'rujan', 'septembar', 'shtator', 'shtatorit', 'septembris', 'septembrī', 'rugsėjo', 'rugsejo', 'setyembre', 'септември', 'септембар', 'верасня', 'سبتمبر', 'ספטמבר', 'בספטמבר', 'सितंबर', 'सितम्बर', 'eyl', 'أيلول', 'ايلول', 'กันยายน', 'سپتامبر', 'ก.ย'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out', 'lokakuuta', 'lokakuu', 'oktoober',
    'października', 'październik', 'paź', 'října', 'říjen', 'októbra', 'október', 'octombrie', 'ekim',
    'октября', 'октябрь', 'окт', 'жовтня', 'жовтень', 'οκτωβρίου', 'οκτώβριος',
    'οκτωβριου', 'οκτ', 'oktobar', 'oktobra', 'tetor', 'tetorit', 'oktobris', 'oktobrī', 'spalio', 'oktubre', 'октомври', 'октобар', 'кастрычніка', 'أكتوبر', 'اكتوبر', 'אוקטובר', 'באוקטובר', 'अक्टूबर', 'अक्तूबर', 'eki', 'تشرين الأول', 'تشرين الاول', 'ตุลาคม', 'اکتبر', 'ต.ค'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'marraskuuta', 'marraskuu', 'listopada', 'listopad', 'lis', 'listopadu',
    'novembra', 'noiembrie', 'kasım', 'kasim', 'ноября', 'ноябрь', 'ноя', 'нояб', 'листопада', 'листопад', 'νοεμβρίου', 'νοέμβριος',
    'νοεμβριου', 'νοε', 'studenoga', 'studenog', 'studeni', 'novembar', 'nóvember', 'nëntor', 'nëntorit', 'novembris', 'novembrī', 'lapkričio', 'lapkricio', 'nobyembre', 'ноември', 'новембар', 'лістапада', 'نوفمبر', 'נובמבר', 'בנובמבר', 'नवंबर', 'नवम्बर', 'kas', 'تشرين الثاني', 'พฤศจิกายน', 'نوامبر', 'พ.ย'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'déc', 'decembre', 'diciembre', 'desembre', 'dic', 'dicembre', 'dezembro', 'desember', 'des',
    'joulukuuta', 'joulukuu', 'detsember', 'grudnia', 'grudzień', 'gru', 'prosince', 'prosinec', 'decembra', 'decembrie', 'aralık', 'aralik',
    'декабря', 'декабрь', 'дек', 'грудня', 'грудень', 'δεκεμβρίου', 'δεκέμβριος',
    'δεκεμβριου', 'δεκ', 'prosinca', 'prosinac', 'decembar', 'dhjetor', 'dhjetorit', 'decembris', 'decembrī', 'gruodžio', 'gruodzio', 'decembro', 'disyembre', 'disember', 'декември', 'децембар', 'снежня', 'ديسمبر', 'דצמבר', 'בדצמבר', 'दिसंबर', 'दिसम्बर', 'ara', 'كانون الأول', 'كانون الاول', 'ธันวาคม', 'دسامبر', 'ธ.ค'],
];

/** The month (1–12) of each lowercase name or abbreviation. */
export const monthNumbers: ReadonlyMap<string, number> = new Map(names.flatMap((list, index) => list.map((name): [string, number] => [name, index + 1])));

/** A name's characters as they stand in a regexp source (Thai abbreviations hold dots: `มิ.ย.`). */
const escaped = (character: string): string => character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface TrieNode {
  next: Map<string, TrieNode>;
  /** A name ends here. */
  end: boolean;
}

/** The names below `node` as one regexp source: each shared beginning written once, a longer name tried before the shorter one it starts with. */
function trieSource(node: TrieNode): string {
  const branches = [...node.next].map(([character, child]) => escaped(character) + trieSource(child));
  if (branches.length === 0) return '';
  if (node.end) return branches.length === 1 && branches[0]!.length === 1 ? `${branches[0]}?` : `(?:${branches.join('|')})?`;
  return branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
}

/**
 * A regexp source that matches any month name or abbreviation, to be used with the `u` flag on lowercased
 * text (or `iu`). Written as a trie (`j(?:an(?:uary|uar|v(?:ier)?)?|än…)`), not as the ~900 names one
 * after the other: it matches the same name where the alternation of the names longest first would (a
 * longer name before the shorter one it starts with; names that do not start one another never both
 * match), and V8 compiles it about 2.7x faster, which it does again whenever a garbage collection has
 * dropped the compiled code of an expression used rarely (a few times a page).
 */
export const monthPattern = (() => {
  const root: TrieNode = {next: new Map(), end: false};
  for (const name of monthNumbers.keys()) {
    let node = root;
    for (const character of name) {
      let child = node.next.get(character);
      if (child === undefined) node.next.set(character, (child = {next: new Map(), end: false}));
      node = child;
    }
    node.end = true;
  }
  return trieSource(root);
})();

// The first three characters of the names of three or more, and the names of two (`मई`, `آب`).
const openings: ReadonlySet<string> = new Set([...monthNumbers.keys()].map((name) => name.slice(0, 3)));
const shortNames: readonly string[] = [...monthNumbers.keys()].filter((name) => name.length < 3);

/**
 * Whether a month's name may start at `index` of a lowercased text: its first three characters open
 * one (`the`, `von`, `und` do not). Most words of a page are no month: they are not tried against
 * {@link monthPattern}.
 */
export function mayOpenMonth(lowered: string, index: number): boolean {
  if (openings.has(lowered.slice(index, index + 3))) return true;
  for (const name of shortNames) if (lowered.startsWith(name, index)) return true;
  return false;
}

/** The month (1–12) of a name or abbreviation written in any case, with or without its dot; `undefined` for any other word. */
export function monthNumber(word: string): number | undefined {
  const lower = word.toLowerCase();
  return monthNumbers.get(lower.endsWith('.') ? lower.slice(0, -1) : lower);
}

const thaiMonth = /^[\u0e00-\u0e7f]/;

/** Whether a month's name is Thai, whose pages count years from 543 BC (`13 มิถุนายน 2562` is 2019). */
export const isThaiMonth = (word: string): boolean => thaiMonth.test(word);
