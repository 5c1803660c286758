/*
 * Month names and their usual abbreviations in the languages of most pages (below), lowercase, without
 * a trailing dot: `mär`, `janv`, `févr`, `dic`, `июня`, `kesäkuuta`.
 * A hand-written table: smaller and faster than a locale parser per language.
 */

const names: readonly (readonly string[])[] = [
  // 1 … 12: every spelling of the month, in any of the languages: German, English, French, Spanish,
  // Catalan, Italian, Portuguese, Dutch; Swedish, Danish, Norwegian, Finnish, Estonian; Polish, Czech,
  // Slovak, Hungarian, Romanian; Turkish, Indonesian; Russian, Ukrainian and Greek (the forms a day
  // takes: `13 июня`, `13. kesäkuuta`, `13 czerwca`, `13 Haziran`). A name shared by two languages
  // always means the same month (`listopad` is November in Polish and Czech); Croatian, whose
  // `listopada` is October, is left out for that.
  ['january', 'jan', 'januar', 'jänner', 'jän', 'janvier', 'janv', 'enero', 'ene', 'gener', 'gennaio', 'gen', 'janeiro', 'januari',
    'tammikuuta', 'tammikuu', 'jaanuar', 'stycznia', 'styczeń', 'sty', 'ledna', 'leden', 'januára', 'január', 'ianuarie', 'ocak',
    'января', 'январь', 'янв', 'січня', 'січень', 'ιανουαρίου', 'ιανουάριος'],
  ['february', 'feb', 'febr', 'februar', 'feber', 'février', 'févr', 'fevrier', 'fevr', 'fév', 'febrero', 'febrer', 'febbraio', 'fevereiro', 'fev', 'februari',
    'helmikuuta', 'helmikuu', 'veebruar', 'lutego', 'luty', 'lut', 'února', 'únor', 'februára', 'február', 'februarie', 'şubat', 'subat',
    'февраля', 'февраль', 'фев', 'лютого', 'лютий', 'φεβρουαρίου', 'φεβρουάριος'],
  ['march', 'mar', 'märz', 'mär', 'maerz', 'mars', 'marzo', 'març', 'março', 'marco', 'maart', 'mrt', 'marts', 'maret',
    'maaliskuuta', 'maaliskuu', 'märts', 'marca', 'marzec', 'března', 'březen', 'marec', 'március', 'márc', 'martie', 'mart',
    'марта', 'март', 'мар', 'березня', 'березень', 'μαρτίου', 'μάρτιος'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'huhtikuuta', 'huhtikuu', 'aprill', 'kwietnia', 'kwiecień', 'kwi',
    'dubna', 'duben', 'apríla', 'apríl', 'április', 'ápr', 'aprilie', 'nisan', 'апреля', 'апрель', 'апр', 'квітня', 'квітень', 'απριλίου', 'απρίλιος'],
  ['may', 'mai', 'mayo', 'maig', 'maggio', 'mag', 'maio', 'mei', 'maj', 'toukokuuta', 'toukokuu', 'maja', 'května', 'květen', 'mája', 'máj',
    'május', 'mayıs', 'mayis', 'мая', 'май', 'травня', 'травень', 'μαΐου', 'μάιος'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'juny', 'giugno', 'giu', 'junho', 'kesäkuuta', 'kesäkuu', 'juuni', 'czerwca', 'czerwiec', 'cze',
    'června', 'červen', 'júna', 'jún', 'június', 'iunie', 'haziran', 'июня', 'июнь', 'июн', 'червня', 'червень', 'ιουνίου', 'ιούνιος'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'juliol', 'luglio', 'lug', 'julho', 'heinäkuuta', 'heinäkuu', 'juuli', 'lipca', 'lipiec', 'lip',
    'července', 'červenec', 'júla', 'júl', 'július', 'iulie', 'temmuz', 'июля', 'июль', 'июл', 'липня', 'липень', 'ιουλίου', 'ιούλιος'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'agost', 'ago', 'augustus', 'augusti', 'agustus', 'elokuuta', 'elokuu', 'sierpnia', 'sierpień', 'sie',
    'srpna', 'srpen', 'augusta', 'augusztus', 'ağustos', 'agustos', 'августа', 'август', 'авг', 'серпня', 'серпень', 'αυγούστου', 'αύγουστος'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'setembre', 'set', 'settembre', 'setembro', 'syyskuuta', 'syyskuu',
    'września', 'wrzesień', 'wrz', 'září', 'septembra', 'szeptember', 'szept', 'septembrie', 'eylül', 'eylul',
    'сентября', 'сентябрь', 'сен', 'сент', 'вересня', 'вересень', 'σεπτεμβρίου', 'σεπτέμβριος'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out', 'lokakuuta', 'lokakuu', 'oktoober',
    'października', 'październik', 'paź', 'října', 'říjen', 'októbra', 'október', 'octombrie', 'ekim',
    'октября', 'октябрь', 'окт', 'жовтня', 'жовтень', 'οκτωβρίου', 'οκτώβριος'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'marraskuuta', 'marraskuu', 'listopada', 'listopad', 'lis', 'listopadu',
    'novembra', 'noiembrie', 'kasım', 'kasim', 'ноября', 'ноябрь', 'ноя', 'нояб', 'листопада', 'листопад', 'νοεμβρίου', 'νοέμβριος'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'déc', 'decembre', 'diciembre', 'desembre', 'dic', 'dicembre', 'dezembro', 'desember', 'des',
    'joulukuuta', 'joulukuu', 'detsember', 'grudnia', 'grudzień', 'gru', 'prosince', 'prosinec', 'decembra', 'decembrie', 'aralık', 'aralik',
    'декабря', 'декабрь', 'дек', 'грудня', 'грудень', 'δεκεμβρίου', 'δεκέμβριος'],
];

/** The month (1–12) of each lowercase name or abbreviation. */
export const monthNumbers: ReadonlyMap<string, number> = new Map(names.flatMap((list, index) => list.map((name): [string, number] => [name, index + 1])));

/** A regexp source that matches any month name or abbreviation (longest first), to be used with the `iu` flags. */
export const monthPattern = [...monthNumbers.keys()].sort((a, b) => b.length - a.length).join('|');

/** The month (1–12) of a name or abbreviation written in any case, with or without its dot; `undefined` for any other word. */
export function monthNumber(word: string): number | undefined {
  const lower = word.toLowerCase();
  return monthNumbers.get(lower.endsWith('.') ? lower.slice(0, -1) : lower);
}
