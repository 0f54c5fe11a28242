import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

describe('an answer that identifies another entity contradicts an identification check', () => {
  it('reads "This is / looks like Y" against the name the check wants (EN)', () => {
    table(
      [
        [
          'fact',
          'Identifies the structure as the Eiffel Tower in Paris',
          'This looks like the Tokyo Tower in Japan.',
          'contradicts',
        ],
        [
          'fact',
          'Identifies the structure as the Eiffel Tower in Paris',
          'This is the Eiffel Tower in Paris.',
          'meets',
        ],
      ],
      'What is this structure?',
    );
    table(
      [
        [
          'fact',
          'Identifies the insect as a monarch butterfly (Danaus plexippus)',
          'This is a painted lady butterfly, a common orange butterfly.',
          'contradicts',
        ],
      ],
      'What insect is this?',
    );
    table(
      [
        [
          'fact',
          'Identifies the painting as The Starry Night by Vincent van Gogh',
          'This is a painting by Claude Monet, probably a night landscape.',
          'contradicts',
        ],
      ],
      'Which painting is this?',
    );
  });

  it('reads 이것은 Y입니다 and X은 Y로 보입니다 against the name the check wants (KO)', () => {
    table(
      [
        ['fact', '궁궐을 서울의 경복궁으로 식별한다', '이 건물은 서울의 덕수궁으로 보입니다.', 'contradicts'],
        ['fact', '운동을 태권도로 식별한다', '사진 속 운동은 가라테로 보입니다.', 'contradicts'],
        ['fact', '음식을 김치찌개로 식별한다', '이것은 된장찌개입니다.', 'contradicts'],
        ['fact', '운동을 태권도로 식별한다', '사진 속 사람들이 하는 운동은 태권도입니다.', 'meets'],
      ],
      '이 궁궐이나 운동이나 음식은 무엇인가요?',
    );
  });

  it('gives partially_meets for a more general name of the same thing (the genus, not the species)', () => {
    table(
      [
        [
          'fact',
          'Identifies the dish as a Neapolitan pizza margherita',
          'This is a margherita pizza, one of the most popular kinds.',
          'partially_meets',
        ],
        ['fact', '음식을 배추김치로 식별한다', '이것은 한국의 김치입니다.', 'partially_meets'],
      ],
      'What is this dish? 이 음식은 무엇인가요?',
    );
  });

  it('leaves hedged alternatives and descriptions of the kind of thing to the key terms', () => {
    table(
      [
        [
          'fact',
          'Identifies the train as the Shinkansen 0 Series, the first bullet train',
          'This appears to be a modern high-speed train, maybe a Korean KTX or a Japanese Shinkansen.',
          'missing',
        ],
        [
          'fact',
          'Identifies the dish as a Neapolitan pizza margherita',
          'This is a traditional dish from Italy.',
          'missing',
        ],
        [
          'fact',
          'Identifies the train as the Shinkansen 0 Series',
          'This looks like an early Japanese bullet train.',
          'missing',
        ],
      ],
      'What train or dish is this?',
    );
  });
});

describe('an answer that uses what the check rules out contradicts it', () => {
  it('contradicts "without a rolling pin" when the answer rolls it out with one (EN, KO)', () => {
    table([
      [
        'step',
        'Stretch each ball into a disc by hand, without a rolling pin',
        'Roll it out thin with a rolling pin.',
        'contradicts',
      ],
      [
        'step',
        'Stretch each ball into a disc by hand, without a rolling pin',
        'Stretch it by hand; never use a rolling pin.',
        'partially_meets',
      ],
      ['step', '반죽을 밀대 없이 손으로 편다', '반죽은 밀대로 얇게 밉니다.', 'contradicts'],
      ['step', '반죽을 밀대 없이 손으로 편다', '반죽을 손으로 펴고 밀대는 쓰지 않습니다.', 'meets'],
    ]);
  });
});
