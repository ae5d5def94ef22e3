/** A sentence per language for voice previews, in the voice's own language. */
const SENTENCES: Record<string, string> = {
  en: 'Hello! This is how I sound. I can read your scripts, stories and lessons aloud.',
  zh: '你好！这是我的声音。我可以为你朗读脚本、故事和课程。',
  cmn: '你好！这是我的声音。我可以为你朗读脚本、故事和课程。',
  yue: '你好！呢個係我嘅聲音。我可以幫你讀出劇本同故事。',
  es: '¡Hola! Así suena mi voz. Puedo leer en voz alta tus guiones, historias y lecciones.',
  fr: 'Bonjour ! Voici ma voix. Je peux lire à voix haute vos scripts, vos histoires et vos leçons.',
  de: 'Hallo! So klingt meine Stimme. Ich kann deine Skripte, Geschichten und Lektionen vorlesen.',
  it: 'Ciao! Questa è la mia voce. Posso leggere ad alta voce i tuoi testi, le tue storie e le tue lezioni.',
  pt: 'Olá! Esta é a minha voz. Posso ler em voz alta os seus roteiros, histórias e aulas.',
  ru: 'Привет! Так звучит мой голос. Я могу прочитать вслух ваши сценарии, рассказы и уроки.',
  ja: 'こんにちは。これがわたしのこえです。',
  ko: '안녕하세요! 제 목소리는 이렇게 들립니다. 대본과 이야기를 읽어 드릴 수 있어요.',
  hi: 'नमस्ते! मेरी आवाज़ ऐसी सुनाई देती है। मैं आपकी कहानियाँ और पाठ पढ़ सकता हूँ।',
  ar: 'مرحبا! هكذا يبدو صوتي. يمكنني قراءة نصوصك وقصصك بصوت عال.',
  vi: 'Xin chào! Đây là giọng nói của tôi. Tôi có thể đọc kịch bản và câu chuyện của bạn.',
  id: 'Halo! Beginilah suara saya. Saya bisa membacakan naskah dan cerita Anda.',
  tr: 'Merhaba! Sesim böyle duyuluyor. Senaryolarınızı ve hikâyelerinizi sesli okuyabilirim.',
  nl: 'Hallo! Zo klinkt mijn stem. Ik kan je teksten, verhalen en lessen voorlezen.',
  pl: 'Cześć! Tak brzmi mój głos. Mogę przeczytać na głos twoje scenariusze i historie.',
  sv: 'Hej! Så här låter min röst. Jag kan läsa upp dina manus, berättelser och lektioner.',
  ca: 'Hola! Així sona la meva veu. Puc llegir en veu alta els teus guions i històries.',
  cs: 'Ahoj! Takhle zní můj hlas. Mohu nahlas přečíst vaše scénáře a příběhy.',
  fi: 'Hei! Tältä ääneni kuulostaa. Voin lukea ääneen käsikirjoituksesi ja tarinasi.',
  el: 'Γεια σας! Έτσι ακούγεται η φωνή μου. Μπορώ να διαβάσω δυνατά τα κείμενά σας.',
  uk: 'Привіт! Так звучить мій голос. Я можу прочитати вголос ваші сценарії та історії.',
  th: 'สวัสดี นี่คือเสียงของฉัน ฉันอ่านบทและเรื่องราวของคุณได้',
  ms: 'Helo! Beginilah bunyi suara saya. Saya boleh membacakan skrip dan cerita anda.',
  he: 'שלום! כך נשמע הקול שלי. אני יכול להקריא את התסריטים והסיפורים שלך.',
};

/** The primary subtag: `en-us` → `en`, `cmn-latn-pinyin` → `cmn`. */
export function primaryLanguage(tag: string): string {
  return tag.toLowerCase().split('-')[0] ?? tag;
}

/** Whether two language tags name the same language (`zh` ≈ `cmn`, `en-us` ≈ `en`). */
export function sameLanguage(a: string, b: string): boolean {
  const norm = (tag: string) => {
    const primary = primaryLanguage(tag);
    return primary === 'cmn' ? 'zh' : primary;
  };
  return norm(a) === norm(b);
}

/** Chinese languages written `zh-<language>` (ISO 639-3 extended language subtags) that are languages of their own. */
const CHINESE_LANGUAGES = new Set(['yue', 'hak', 'nan', 'wuu', 'gan', 'hsn', 'cjy', 'cdo', 'cpx']);

/**
 * The language a tag belongs to for people choosing voices: `en-us` → `en`, `cmn` and `zh-cmn`
 * → `zh` (Mandarin is what "Chinese" means here), `zh-yue` and `yue` → `yue` (Cantonese is its own
 * language, so a Cantonese voice is not counted or listed under Chinese).
 */
export function languageGroup(tag: string): string {
  const [primary = tag, second] = tag.toLowerCase().split('-');
  if (primary === 'zh' && second && CHINESE_LANGUAGES.has(second)) return second;
  return primary === 'cmn' ? 'zh' : primary;
}

export function previewSentence(language: string): string {
  return SENTENCES[primaryLanguage(language)] ?? SENTENCES.en!;
}
