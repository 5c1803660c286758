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

// 1 … 12 in more languages, as their pages write a day's month: Urdu, Bengali, Tamil, Telugu, Kannada, Malayalam,
// Gujarati, Punjabi, Marathi and Nepali, Sinhala, Khmer (after its `ខែ`: `ថ្ងៃទី២៤ ខែមិថុនា ឆ្នាំ២០១៩`), Lao,
// Georgian, Armenian (and its genitive: `24 հունիսի 2019`), Azerbaijani and Uzbek, Kazakh, Uzbek Cyrillic, Afrikaans,
// Swahili, Welsh, Irish, Maltese, Luxembourgish, and Vietnamese's months by number or in words (`Tháng Sáu 24, 2019`).
const moreNames: readonly (readonly string[])[] = [
  ['جنوری', 'জানুয়ারি', 'জানুয়ারী', 'ஜனவரி', 'జనవరి', 'ಜನವರಿ', 'ജനുവരി', 'જાન્યુઆરી', 'ਜਨਵਰੀ', 'जानेवारी', 'ජනවාරි', 'មករា', 'ມັງກອນ',
    'იანვარი', 'հունվարի', 'հունվար', 'yanvar', 'қаңтар', 'январ', 'januarie', 'ionawr', 'eanáir', 'jannar', 'tháng một', 'tháng 1', 'tháng 01'],
  ['فروری', 'ফেব্রুয়ারি', 'ফেব্রুয়ারী', 'பிப்ரவரி', 'ఫిబ్రవరి', 'ಫೆಬ್ರವರಿ', 'ഫെബ്രുവരി', 'ફેબ્રુઆરી', 'ਫ਼ਰਵਰੀ', 'ਫਰਵਰੀ', 'फेब्रुवारी', 'फेब्रुअरी', 'පෙබරවාරි', 'កុម្ភៈ', 'ກຸມພາ',
    'თებერვალი', 'փետրվարի', 'փետրվար', 'fevral', 'ақпан', 'феврал', 'chwefror', 'feabhra', 'frar', 'tháng hai', 'tháng 2', 'tháng 02'],
  ['مارچ', 'মার্চ', 'மார்ச்', 'మార్చి', 'ಮಾರ್ಚ್', 'മാർച്ച്', 'માર્ચ', 'ਮਾਰਚ', 'මාර්තු', 'មីនា', 'ມີນາ',
    'მარტი', 'մարտի', 'մարտ', 'наурыз', 'machi', 'mawrth', 'márta', 'marzu', 'mäerz', 'tháng ba', 'tháng 3', 'tháng 03'],
  ['اپریل', 'এপ্রিল', 'ஏப்ரல்', 'ఏప్రిల్', 'ಏಪ್ರಿಲ್', 'ഏപ്രിൽ', 'એપ્રિલ', 'ਅਪ੍ਰੈਲ', 'एप्रिल', 'अप्रिल', 'අප්‍රේල්', 'අප්රේල්', 'មេសា', 'ເມສາ',
    'აპრილი', 'ապրիլի', 'ապրիլ', 'aprel', 'сәуір', 'апрел', 'aprili', 'ebrill', 'aibreán', 'abrëll', 'tháng tư', 'tháng 4', 'tháng 04'],
  ['مئی', 'মে', 'மே', 'మే', 'ಮೇ', 'മേയ്', 'മെയ്', 'મે', 'ਮਈ', 'मे', 'මැයි', 'ឧសភា', 'ພຶດສະພາ',
    'მაისი', 'մայիսի', 'մայիս', 'мамыр', 'bealtaine', 'mejju', 'mee', 'tháng năm', 'tháng 5', 'tháng 05'],
  ['جون', 'জুন', 'ஜூன்', 'జూన్', 'ಜೂನ್', 'ജൂൺ', 'જૂન', 'ਜੂਨ', 'जुन', 'ජූනි', 'មិថុនា', 'ມິຖຸນາ',
    'ივნისი', 'հունիսի', 'հունիս', 'iyun', 'маусым', 'junie', 'mehefin', 'meitheamh', 'ġunju', 'tháng sáu', 'tháng 6', 'tháng 06'],
  ['جولائی', 'জুলাই', 'ஜூலை', 'జూలై', 'ಜುಲೈ', 'ജൂലൈ', 'જુલાઈ', 'ਜੁਲਾਈ', 'जुलै', 'ජූලි', 'កក្កដា', 'ກໍລະກົດ',
    'ივლისი', 'հուլիսի', 'հուլիս', 'iyul', 'шілде', 'julie', 'gorffennaf', 'iúil', 'lulju', 'tháng bảy', 'tháng 7', 'tháng 07'],
  ['اگست', 'আগস্ট', 'আগষ্ট', 'ஆகஸ்ட்', 'ஆகஸ்டு', 'ఆగస్టు', 'ఆగష్టు', 'ಆಗಸ್ಟ್', 'ഓഗസ്റ്റ്', 'ആഗസ്റ്റ്', 'ઑગસ્ટ', 'ઓગસ્ટ', 'ਅਗਸਤ', 'ऑगस्ट', 'अगस्ट', 'අගෝස්තු', 'សីហា', 'ສິງຫາ',
    'აგვისტო', 'օգոստոսի', 'օգոստոս', 'avqust', 'тамыз', 'agosti', 'awst', 'lúnasa', 'awwissu', 'tháng tám', 'tháng 8', 'tháng 08'],
  ['ستمبر', 'সেপ্টেম্বর', 'செப்டம்பர்', 'సెప్టెంబర్', 'సెప్టెంబరు', 'ಸೆಪ್ಟೆಂಬರ್', 'സെപ്റ്റംബർ', 'સપ્ટેમ્બર', 'ਸਤੰਬਰ', 'सप्टेंबर', 'सेप्टेम्बर', 'සැප්තැම්බර්', 'កញ្ញា', 'ກັນຍາ',
    'სექტემბერი', 'սեպտեմբերի', 'սեպտեմբեր', 'sentyabr', 'sentabr', 'қыркүйек', 'сентябр', 'septemba', 'medi', 'meán fómhair', 'settembru', 'tháng chín', 'tháng 9', 'tháng 09'],
  ['اکتوبر', 'অক্টোবর', 'அக்டோபர்', 'అక్టోబర్', 'అక్టోబరు', 'ಅಕ್ಟೋಬರ್', 'ഒക്ടോബർ', 'ઑક્ટોબર', 'ઓક્ટોબર', 'ਅਕਤੂਬਰ', 'ऑक्टोबर', 'अक्टोबर', 'ඔක්තෝබර්', 'តុលា', 'ຕຸລາ',
    'ოქტომბერი', 'հոկտեմբերի', 'հոկտեմբեր', 'oktyabr', 'oktabr', 'қазан', 'октябр', 'oktoba', 'hydref', 'deireadh fómhair', 'ottubru', 'tháng mười', 'tháng 10'],
  ['نومبر', 'নভেম্বর', 'நவம்பர்', 'నవంబర్', 'నవంబరు', 'ನವೆಂಬರ್', 'നവംബർ', 'નવેમ્બર', 'ਨਵੰਬਰ', 'नोव्हेंबर', 'नोभेम्बर', 'නොවැම්බර්', 'វិច្ឆិកា', 'ພະຈິກ',
    'ნოემბერი', 'նոյեմբերի', 'նոյեմբեր', 'noyabr', 'қараша', 'ноябр', 'novemba', 'tachwedd', 'samhain', 'novembru', 'tháng mười một', 'tháng 11'],
  ['دسمبر', 'ডিসেম্বর', 'டிசம்பர்', 'డిసెంబర్', 'డిసెంబరు', 'ಡಿಸೆಂಬರ್', 'ഡിസംബർ', 'ડિસેમ્બર', 'ਦਸੰਬਰ', 'डिसेंबर', 'डिसेम्बर', 'දෙසැම්බර්', 'ធ្នូ', 'ທັນວາ',
    'დეკემბერი', 'դեկտեմբերի', 'դեկտեմբեր', 'dekabr', 'желтоқсан', 'декабр', 'desemba', 'rhagfyr', 'nollaig', 'diċembru', 'tháng mười hai', 'tháng 12'],
];

/**
 * The months of the Persian solar (Jalali) calendar, Iran's and Afghanistan's (`۳ تیر ۱۳۹۸` is 24 June 2019): the
 * Persian names, also written with Arabic `ي`/`ك` (`تير`), and Afghanistan's zodiac names (`حمل`, `جوزا`). Read as
 * that calendar's months, never as a Gregorian one (read-date.ts converts the day).
 */
const solarNames: readonly (readonly string[])[] = [
  ['فروردین', 'فروردين', 'حمل'], ['اردیبهشت', 'ارديبهشت', 'ثور'], ['خرداد', 'جوزا'], ['تیر', 'تير', 'سرطان'], ['مرداد', 'امرداد', 'اسد'],
  ['شهریور', 'شهريور', 'سنبله'], ['مهر', 'میزان', 'ميزان'], ['آبان', 'عقرب'], ['آذر', 'قوس'], ['دی', 'دي', 'جدی', 'جدي'], ['بهمن', 'دلو'], ['اسفند', 'حوت'],
];

/** A name and the spellings of it that pages write too: Bengali's `য়` and Gurmukhi's `ਫ਼` as one character or as two. */
const spellings = (name: string): string[] => {
  const one = name.replace(/\u09af\u09bc/g, '\u09df').replace(/\u0a2b\u0a3c/g, '\u0a5e');
  const two = one.replace(/\u09df/g, '\u09af\u09bc').replace(/\u0a5e/g, '\u0a2b\u0a3c');
  return one === two ? [one] : [one, two];
};

/** Each list's names with the month (1–12) of their line. */
const numbered = (lists: readonly (readonly string[])[]): [string, number][] =>
  lists.flatMap((list, index) => list.flatMap((name) => spellings(name).map((spelling): [string, number] => [spelling, index + 1])));

/** The month (1–12) of each lowercase name or abbreviation. */
export const monthNumbers: ReadonlyMap<string, number> = new Map([...numbered(names), ...numbered(moreNames)]);

/** The month (1–12) of each name of a Persian solar month. */
const solarMonths: ReadonlyMap<string, number> = new Map(numbered(solarNames));

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
 * A regexp source that matches any month name or abbreviation of `list`, to be used with the `u` flag on lowercased
 * text (or `iu`). Written as a trie (`j(?:an(?:uary|uar|v(?:ier)?)?|än…)`), not as the ~900 names one
 * after the other: it matches the same name where the alternation of the names longest first would (a
 * longer name before the shorter one it starts with; names that do not start one another never both
 * match), and V8 compiles it about 2.7x faster, which it does again whenever a garbage collection has
 * dropped the compiled code of an expression used rarely (a few times a page).
 *
 * The names are in two such expressions, by script: {@link latinMonthPattern} (Latin, Greek, Cyrillic: what most
 * pages write) and {@link worldMonthPattern} (Armenian to CJK: Hebrew, Arabic, India's scripts, Thai…), the second
 * compiled only for a text that writes such a month (read-date.ts): the first stays as short as the pages most
 * read need, however many languages the second holds.
 */
function trieOf(list: readonly string[]): string {
  const root: TrieNode = {next: new Map(), end: false};
  for (const name of list) {
    let node = root;
    for (const character of name) {
      let child = node.next.get(character);
      if (child === undefined) node.next.set(character, (child = {next: new Map(), end: false}));
      node = child;
    }
    node.end = true;
  }
  return trieSource(root);
}

/** Where the scripts of {@link worldMonthPattern} start: Armenian, then Hebrew, Arabic, India's, Thai… (Latin, Greek and Cyrillic are below). */
export const worldScripts = 0x0530;

const allNames = [...monthNumbers.keys(), ...solarMonths.keys()];
/** The names in Latin, Greek and Cyrillic letters. */
export const latinMonthPattern = trieOf(allNames.filter((name) => name.charCodeAt(0) < worldScripts));
/** The names in the other scripts. */
export const worldMonthPattern = trieOf(allNames.filter((name) => name.charCodeAt(0) >= worldScripts));
/** Every name, in one expression (dates/free-date.ts, for a meta's rare shapes). */
export const monthPattern = `${latinMonthPattern}|${worldMonthPattern}`;

// The first three characters of the names of three or more, and the names of two (`मई`, `آب`).
const openings: ReadonlySet<string> = new Set(allNames.map((name) => name.slice(0, 3)));
const shortNames: readonly string[] = allNames.filter((name) => name.length < 3);

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

/** The month (1–12) of a name of the Persian solar calendar (`تیر` is its fourth), written in any case; `undefined` for any other word. */
export const solarMonth = (word: string): number | undefined => solarMonths.get(word);

const thaiMonth = /^[\u0e00-\u0e7f]/;

/** Whether a month's name is Thai, whose pages count years from 543 BC (`13 มิถุนายน 2562` is 2019). */
export const isThaiMonth = (word: string): boolean => thaiMonth.test(word);
