/**
 * Words of the languages the rules know a little of beyond English (docs/product.md, "The spoken
 * language"): each one's common function words, to tell which language a transcript is in, and
 * its spoken fillers, which the tidy-up removes. Data only: src/text/language.ts applies them.
 */

/**
 * The most frequent short words of each language: in running speech they are a third or more of
 * the words, so their share tells the language of even a sentence or two. Words two of these
 * languages share ("de", "en", "la") count for both; words that are also English ("a", "in",
 * "no", "is", "die") are left out of every other language, so English speech never scores there.
 */
export const FUNCTION_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(
    'the a an and or but of to in on at for with from by is are was were be been it this that these those i you he she we they my your our their not do does did have has had will would can could should what which who there here so if as about just'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les un une des du de et ou mais est sont était je tu il elle nous vous ils elles ce cette ces mon mes ton ta notre votre leur pas ne que qui pour dans sur avec au aux en y ai avons ont faut fait très plus aussi donc alors comme'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las un una unos unas y o pero de del al en es son era yo tú él ella nosotros ellos que para por con sin sí mi mis tu su sus muy más también como pues hay tengo tiene está están lo le se nos'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der das dass dem des ein eine einen einem und oder aber ist sind ich du er sie es wir ihr nicht kein keine mit für auf im zu zum zur von vom mein meine dein unser auch noch sehr wie wer habe haben wird werden mal'.split(
      ' ',
    ),
  ),
  it: new Set(
    'il lo la gli le un una uno e o di del della dei da nel nella con per su è sono era io tu lui lei noi voi loro che non mi ti ci si mio mia tuo suo nostro anche molto più come perché questo questa quello ho hai ha abbiamo'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'o os um uma e ou mas de da dos das em na nos nas com para por é são era eu tu ele ela nós eles elas que não meu minha seu sua muito mais também como isso isto este esta tem tenho está estão se'.split(
      ' ',
    ),
  ),
  nl: new Set(
    'de het een en dat te aan om maar op voor naar zijn ik jij je hij zij ze wij jullie niet geen dit deze mijn ons onze ook nog heel wat wie heeft heb hebben wordt worden er'.split(
      ' ',
    ),
  ),
  pl: new Set(
    'w na z nie się że jest są był jak ale lub czy o po od dla mnie ja ty ona wy oni ten ta tak już bardzo też jeszcze co kto gdzie mam mamy być'.split(
      ' ',
    ),
  ),
  sv: new Set(
    'och att det som en ett på är var jag du han hon vi ni de inte med för till av men eller detta här där har hade ska kan min mitt vår också mycket så'.split(
      ' ',
    ),
  ),
};

/**
 * Hesitation sounds: removed wherever they stand. Only sounds that are never a meant word of
 * that language are here ("eh" is Spanish for "hey" at times, so it is only removed set off).
 */
export const FILLERS: Readonly<Record<string, ReadonlySet<string>>> = {
  fr: new Set(['euh', 'heu', 'euhh', 'hum', 'bof']),
  es: new Set(['ehm', 'em', 'mmm']),
  de: new Set(['äh', 'ähm', 'öhm', 'hm', 'hmm']),
  it: new Set(['ehm', 'uhm', 'mmm']),
  pt: new Set(['hã', 'ãh', 'ahn', 'hum']),
  nl: new Set(['eh', 'ehm', 'uh', 'uhm']),
  pl: new Set(['yyy', 'eee', 'hmm']),
  sv: new Set(['öh', 'öhm', 'eh', 'hmm']),
};

/**
 * Fillers that are also meant words ("ben" is "well" and a name, "este" is "this"): removed only
 * where they stand set off, at the start of a sentence or between commas ("Ben, on y va").
 */
export const SET_OFF_FILLERS: Readonly<Record<string, ReadonlySet<string>>> = {
  fr: new Set(['ben', 'bah', 'bon', 'enfin', 'voilà', 'quoi']),
  es: new Set(['eh', 'este', 'pues', 'bueno']),
  de: new Set(['also', 'naja', 'halt']),
  it: new Set(['cioè', 'allora', 'insomma', 'tipo']),
  pt: new Set(['tipo', 'então', 'né', 'pois']),
  nl: new Set(['nou', 'dus']),
  pl: new Set(['no', 'wiesz', 'jakby']),
  sv: new Set(['alltså', 'liksom', 'typ']),
};
