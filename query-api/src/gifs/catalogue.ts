// The GIFs and stickers shipped with the web app (frontend/public/gifs, drawn by
// scripts/make-gif-catalogue.ts): what the catalogue adapter searches when no provider key is set.
import type { GifKind } from '@murmur/contracts';

export interface CatalogueEntry {
  /** File name without extension under /gifs/; also the item's id. */
  id: string;
  kind: GifKind;
  title: string;
  /** Lower-case words a search matches (the title's words count too). */
  tags: readonly string[];
  width: number;
  height: number;
}

const gif = (id: string, title: string, tags: string[]): CatalogueEntry => ({ id, kind: 'gif', title, tags, width: 160, height: 120 });
const sticker = (id: string, title: string, tags: string[]): CatalogueEntry => ({
  id,
  kind: 'sticker',
  title,
  tags,
  width: 128,
  height: 128,
});

export const gifCatalogue: readonly CatalogueEntry[] = [
  gif('hello', 'Hello!', ['hi', 'hello', 'hey', 'wave', 'greeting']),
  gif('welcome', 'Welcome', ['welcome', 'hi', 'join', 'greeting']),
  gif('lol', 'LOL', ['lol', 'laugh', 'funny', 'haha', 'lmao']),
  gif('gg', 'GG', ['gg', 'good game', 'gaming', 'win', 'victory']),
  gif('wow', 'WOW', ['wow', 'amazed', 'surprise', 'omg', 'shock']),
  gif('love', 'Love it', ['love', 'heart', 'like', 'cute', 'romance']),
  gif('bravo', 'Bravo!', ['clap', 'bravo', 'applause', 'congrats', 'well done']),
  gif('party', 'Party time', ['party', 'celebrate', 'dance', 'fun', 'confetti']),
  gif('thanks', 'Thank you', ['thanks', 'thank you', 'ty', 'grateful']),
  gif('aww', 'Aww', ['sad', 'cry', 'aww', 'rain', 'sorry']),
  gif('yes', 'YES!', ['yes', 'agree', 'ok', 'yay', 'approve']),
  gif('nope', 'Nope', ['no', 'nope', 'disagree', 'deny']),
  gif('lit', 'Lit', ['fire', 'hot', 'lit', 'awesome']),
  gif('sing', 'Sing along', ['karaoke', 'sing', 'music', 'song']),
  gif('good-night', 'Good night', ['night', 'bye', 'sleep', 'goodnight', 'moon']),
  gif('mic-drop', 'Mic drop', ['mic', 'drop', 'boss', 'done']),
  gif('cat', 'Meow', ['cat', 'kitty', 'kitten', 'meow', 'cute', 'animal', 'pet']),
  gif('dog', 'Woof!', ['dog', 'puppy', 'pup', 'doggo', 'woof', 'cute', 'animal', 'pet']),
  gif('happy', 'So happy', ['happy', 'smile', 'joy', 'glad', 'cheerful']),
  gif('angry', 'Grr!', ['angry', 'mad', 'grr', 'rage', 'furious', 'annoyed']),
  gif('cry', 'So sad', ['sad', 'cry', 'tears', 'upset', 'sob']),
  gif('dance', "Let's dance", ['dance', 'dancing', 'groove', 'moves']),
  gif('bye', 'Bye bye', ['bye', 'goodbye', 'see you', 'cya', 'later', 'farewell']),
  gif('hug', 'Hugs', ['hug', 'hugs', 'cuddle', 'comfort', 'care']),
  gif('cool', 'Cool', ['cool', 'chill', 'sunglasses', 'nice']),
  gif('kiss', 'Mwah', ['kiss', 'mwah', 'xoxo', 'smooch']),
  gif('hmm', 'Hmm…', ['hmm', 'thinking', 'think', 'wonder', 'curious']),
  gif('sorry', 'Sorry', ['sorry', 'apology', 'oops', 'my bad']),
  gif('good-morning', 'Good morning', ['morning', 'good morning', 'gm', 'sunrise', 'wake up']),
  gif('birthday', 'Happy B-day', ['birthday', 'bday', 'hbd', 'cake']),
  gif('omg', 'OMG', ['omg', 'shocked', 'no way', 'whoa']),
  sticker('happy', 'Happy', ['happy', 'smile', 'joy', 'face']),
  sticker('laugh', 'Laughing', ['laugh', 'lol', 'haha', 'funny', 'face']),
  sticker('in-love', 'In love', ['love', 'heart', 'crush', 'face']),
  sticker('cool', 'Cool', ['cool', 'sunglasses', 'chill', 'face']),
  sticker('sleepy', 'Sleepy', ['sleep', 'tired', 'night', 'zzz', 'face']),
  sticker('cat', 'Cat', ['cat', 'kitty', 'cute', 'animal', 'meow']),
  sticker('heart', 'Beating heart', ['heart', 'love', 'like']),
  sticker('star', 'Shining star', ['star', 'shine', 'great', 'wow']),
  sticker('thumbs-up', 'Thumbs up', ['ok', 'yes', 'like', 'good', 'thumbs up']),
  sticker('crown', 'Crown', ['king', 'queen', 'crown', 'boss', 'win']),
  sticker('rocket', 'Rocket', ['rocket', 'launch', 'fast', 'hype']),
  sticker('ghost', 'Ghost', ['ghost', 'boo', 'spooky', 'halloween']),
  sticker('dog', 'Puppy', ['dog', 'puppy', 'pup', 'doggo', 'woof', 'cute', 'animal']),
  sticker('sad', 'Sad', ['sad', 'cry', 'tears', 'upset', 'face']),
  sticker('angry', 'Angry', ['angry', 'mad', 'grr', 'rage', 'face']),
  sticker('thinking', 'Thinking', ['thinking', 'hmm', 'think', 'wonder', 'face']),
  sticker('shocked', 'Shocked', ['omg', 'shocked', 'wow', 'whoa', 'surprise', 'face']),
];

/** Words people use for the same thing: a search for one finds what is tagged with another. */
export const gifSynonyms: readonly (readonly string[])[] = [
  ['cat', 'cats', 'kitty', 'kitten', 'kitties', 'meow'],
  ['dog', 'dogs', 'puppy', 'pup', 'doggo', 'doggy', 'woof'],
  ['happy', 'glad', 'joy', 'joyful', 'cheerful', 'smile'],
  ['lol', 'haha', 'hahaha', 'hehe', 'lmao', 'rofl', 'laugh', 'funny'],
  ['wow', 'omg', 'whoa', 'amazing'],
  ['yes', 'yeah', 'yep', 'yup', 'ok', 'okay', 'sure'],
  ['no', 'nope', 'nah'],
  ['thanks', 'thank', 'thx', 'ty', 'grateful'],
  ['party', 'celebrate', 'fiesta'],
  ['dance', 'dancing', 'dancer'],
  ['sad', 'cry', 'crying', 'tears', 'upset', 'unhappy'],
  ['angry', 'mad', 'furious', 'rage', 'annoyed', 'grr'],
  ['hello', 'hi', 'hey', 'hiya', 'greetings'],
  ['bye', 'goodbye', 'cya', 'farewell'],
  ['clap', 'clapping', 'applause', 'bravo'],
  ['love', 'heart', 'hearts'],
  ['hug', 'hugs', 'cuddle'],
  ['kiss', 'kisses', 'mwah', 'smooch'],
];

export const catalogueFile = (entry: Pick<CatalogueEntry, 'id' | 'kind'>): string => `${entry.id}.${entry.kind === 'gif' ? 'gif' : 'svg'}`;
