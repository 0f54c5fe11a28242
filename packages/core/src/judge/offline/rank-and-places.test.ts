import { describe, it } from 'vitest';
import { expectNoContradiction, factRows, expectVerdicts as table } from './offline-table.test-helpers.js';

describe('rank: the same word at another rank', () => {
  it('contradicts a superlative or an ordinal given another rank (EN, KO)', () => {
    table([
      ...factRows('It is the largest bird in the world', [
        ['It is the second-largest bird in the world.', 'contradicts'],
        ['It is the largest bird in the world.', 'meets'],
      ]),
      ...factRows('It was the first building to exceed 300 metres', [
        ['It was the second building to exceed 300 metres.', 'contradicts'],
      ]),
      ...factRows('The tower is the most visited paid monument in the world', [
        ['It is the second most visited monument in the world.', 'contradicts'],
      ]),
      ...factRows('에펠탑은 세계에서 가장 높은 건물이었다', [
        ['에펠탑은 세계에서 두 번째로 높은 건물이었습니다.', 'contradicts'],
        ['에펠탑은 세계에서 가장 높은 건물이었습니다.', 'meets'],
      ]),
    ]);
  });

  it('does not contradict "one of the" (it says less) or another thing ranked second', () => {
    table([
      ...factRows('It is the largest bird in the world', [
        ['It is one of the largest birds in the world.', 'partially_meets'],
        ['It is the largest bird in the world, one of the largest animals.', 'meets'],
        ['The ostrich is the largest bird. The emu is the second largest bird.', 'partially_meets'],
      ]),
      ...factRows('The tower is the most visited paid monument in the world', [
        ['The tower is the most visited paid monument in the world and the second most photographed.', 'meets'],
      ]),
    ]);
  });
});

describe('place: where a thing stands, at the same level', () => {
  it('contradicts another city or country after a verb of being somewhere (EN, KO)', () => {
    table([
      ['fact', 'The tower stands in Paris', 'The tower stands in Lyon, France.', 'contradicts'],
      [
        'fact',
        'The painting is located in the Museum of Modern Art',
        'The painting is located in the Louvre Museum.',
        'contradicts',
      ],
      ['fact', '다보탑은 불국사에 있다', '다보탑은 해인사에 있습니다.', 'contradicts'],
      ['fact', '경복궁은 서울에 있다', '경복궁은 부산에 있습니다.', 'contradicts'],
      ['fact', '남산타워는 서울에 위치한다', '남산타워는 부산에 위치해 있습니다.', 'contradicts'],
    ]);
  });

  it('does not contradict a wider place, a district of the same place, or the place itself', () => {
    table([
      ['fact', 'The tower stands in Paris', 'The tower stands in France.', 'partially_meets'],
      ['fact', 'The tower stands in Paris', 'The tower stands in the heart of Paris.', 'meets'],
      ['fact', '경복궁은 서울에 있다', '경복궁은 한국에 있습니다.', 'partially_meets'],
      ['fact', '경복궁은 서울에 있다', '경복궁은 서울 종로구에 있습니다.', 'meets'],
      // A site inside the check's town, or a bare "is in" with a name whose level it does not show.
      ['fact', 'The painting is located in Paris', 'The painting is located in the Louvre Museum.', 'partially_meets'],
      ['fact', 'The Mona Lisa is in Paris', 'The Mona Lisa is in the Louvre.', 'partially_meets'],
      ['fact', 'The painting is located in Paris', 'The painting is housed in the Louvre Museum.', 'missing'],
      ['fact', '이 불상은 서울에 있다', '이 불상은 국립중앙박물관에 있습니다.', 'partially_meets'],
    ]);
  });
});

describe('whose value: another part or kind of the subject named by a word of the same set', () => {
  it('reads "the second platform" as another holder of a height, and a rank that names a part as no rank claim (EN, KO)', () => {
    table([
      ['fact', 'The first platform is 57 metres high', 'The second platform is 115 metres high.', 'missing'],
      [
        'step',
        'The first Great Bell, cast in 1856, cracks during testing',
        'The first bell cracked during testing, so a second bell was cast at Whitechapel in 1858.',
        'partially_meets',
      ],
      ['fact', 'The first platform is 57 metres high', 'The first platform is 75 metres high.', 'contradicts'],
      ['fact', '두 번째 층은 115m 높이에 있다', '세 번째 층은 276m 높이에 있다.', 'partially_meets'],
      ['fact', '두 번째 층은 115m 높이에 있다', '두 번째 층은 200m 높이에 있다.', 'contradicts'],
      ['fact', '근정전의 높이는 약 20m이다', '근정전의 높이는 약 12m이다.', 'contradicts'],
      ['fact', 'It was the first portable personal stereo', 'It was the second portable stereo.', 'contradicts'],
      // A rank that opens the sentence names the part it is about, whatever follows it.
      [
        'step',
        'A second Great Bell is cast at Whitechapel in 1858',
        'The first Great Bell, cast at Stockton in 1856, cracked. The second was cast at Whitechapel in 1858.',
        'meets',
      ],
      // The value said of another holder is not the check's; the check's holder's own value is.
      ['fact', '몸통 발차기는 2점이다', '몸통 발차기는 1점, 머리 발차기는 2점입니다.', 'contradicts'],
      ['fact', '몸통 발차기는 2점이다', '머리 발차기는 2점입니다.', 'missing'],
      ['fact', '몸통 발차기는 2점이다', '몸통 발차기는 2점, 머리 발차기는 3점입니다.', 'meets'],
      [
        'fact',
        'The first platform is 57 metres high',
        'The first platform is 47 metres high and the second platform is 57 metres high.',
        'contradicts',
      ],
    ]);
    expectNoContradiction('fact', [
      ['Its top speed was 210 km/h', 'Its average speed was 160 km/h.'],
      ['The summer generation lives about two to six weeks', 'The winter generation lives about eight months.'],
      ['2019년 일몰 시간은 19시44분이다', '2019년 일출 시간은 7시 44분이다.'],
      ['Its original price was 33,000 yen', 'Its current price is about 50,000 yen.'],
    ]);
  });
});

describe('frame: a country after a single frame word', () => {
  it('contradicts another country, not a city, a year, a lowercase place or another thing made there (EN, KO)', () => {
    table([
      ['fact', 'It was made in Japan', 'It was made in China.', 'contradicts'],
      ['fact', 'It was invented in Japan', 'It was invented in Germany.', 'contradicts'],
      ['fact', 'It was made in Britain', 'It was made in Japan, and its body is made of wood.', 'contradicts'],
      ['fact', '일본에서 만들어졌다', '중국에서 만들어졌다.', 'contradicts'],
      // A Korean country modifies the next noun with 의 or without it.
      ['fact', '태권도는 한국의 무술이다', '태권도는 중국 무술이다.', 'contradicts'],
      ['fact', '김치는 한국의 음식이다', '김치는 대한민국 음식이다.', 'meets'],
      ['fact', 'It was made in Britain', 'It was made in England.', 'meets'],
    ]);
    expectNoContradiction('fact', [
      ['It was made in Japan', 'It was made in Tokyo.'],
      ['It was made in Japan', 'It was made in 1979.'],
      ['It was made in Japan', 'It was made in factories near Tokyo.'],
      ['일본에서 만들어졌다', '부품은 중국에서 만들어졌다.'],
    ]);
  });
});

describe('frame: a name dated by 때', () => {
  it('contradicts another reign or event in the same frame, not a vaguer or wider time (KO)', () => {
    table([
      ['fact', '태종 때 지어졌다', '태조 때 지어졌다.', 'contradicts'],
      ['fact', '임진왜란 때 불에 탔다', '병자호란 때 불에 탔다.', 'contradicts'],
      ['fact', '태종 때 지어졌다', '태종 이방원 때 지어졌다.', 'meets'],
      ['fact', '임진왜란 때 불에 탔다', '임진왜란과 병자호란 때 불에 탔다.', 'meets'],
    ]);
    expectNoContradiction('fact', [
      ['태종 때 지어졌다', '그 때 지어졌다.'],
      ['태종 때 지어졌다', '조선 초기 때 지어졌다.'],
      ['태종 때 지어졌다', '조선 때 지어졌다.'],
    ]);
  });
});

describe('place: one country under two names', () => {
  it('reads 대한민국 as 한국, England as Britain and 미합중국 as 미국, and still contradicts another country (EN, KO)', () => {
    table([
      ...factRows('태권도는 한국의 국기이다', [
        ['태권도는 대한민국의 국기(國技)로 지정되었다.', 'meets'],
        ['태권도는 일본의 국기이다.', 'contradicts'],
      ]),
      ['fact', 'It was made in Britain', 'It was made in England.', 'meets'],
      ['fact', '미국에서 처음 만들어졌다', '미합중국에서 처음 만들어졌다.', 'meets'],
    ]);
  });
});

describe('frame: a name in place of the check’s name', () => {
  it('contradicts a name modifying the same head, a period, or a country for a country (EN, KO)', () => {
    table([
      [
        'fact',
        'The palace was built during the Joseon dynasty',
        'The palace was built during the Goryeo dynasty.',
        'contradicts',
      ],
      ['fact', '경복궁은 조선 시대에 지어졌다', '경복궁은 고려 시대에 지어졌습니다.', 'contradicts'],
      ['fact', 'The statue was a gift from France', 'The statue was a gift from Britain.', 'contradicts'],
      ['fact', 'The dish originated in Naples', 'The dish originated in Rome.', 'contradicts'],
      ['fact', 'The book was written in English', 'The book was written in French.', 'contradicts'],
      ['fact', '축제는 매년 가을에 열린다', '축제는 매년 봄에 열립니다.', 'contradicts'],
      ['fact', '제왕나비는 가을에 멕시코로 이동한다', '제왕나비는 봄에 멕시코로 이동합니다.', 'contradicts'],
      ['fact', 'Kimchi is a Korean dish', 'Kimchi is a Japanese dish.', 'contradicts'],
      ['fact', '김치는 한국 음식이다', '김치는 일본 음식입니다.', 'contradicts'],
      [
        'fact',
        'The monarch has orange wings with black veins',
        'The monarch has blue wings with black veins.',
        'contradicts',
      ],
      ['fact', '이 나비는 주황색 날개를 가졌다', '이 나비는 파란색 날개를 가졌습니다.', 'contradicts'],
      // After a word that takes several values ("into"), a name modifying the same head is still one.
      ['fact', 'The river flows into the Atlantic Ocean', 'The river flows into the Pacific Ocean.', 'contradicts'],
      [
        'fact',
        'The river flows into the Atlantic Ocean',
        'The river flows into the Atlantic and Indian Oceans.',
        'meets',
      ],
    ]);
  });

  it('does not contradict another modifier that can hold at once, a city for a country, or the name itself', () => {
    table([
      ['fact', 'Kimchi is a spicy dish', 'Kimchi is a delicious dish.', 'partially_meets'],
      ['fact', 'The monarch has orange wings', 'The monarch has orange and black wings.', 'meets'],
      ['fact', '김치는 발효 음식이다', '김치는 건강 음식입니다.', 'partially_meets'],
      ['fact', '김치는 한국의 전통 음식이다', '김치는 한국의 대표 음식입니다.', 'meets'],
      ['fact', 'The statue was a gift from France', 'The statue was a gift from Paris.', 'partially_meets'],
      ['fact', 'The statue was a gift from France', 'The statue was a gift from the people of France.', 'meets'],
      [
        'fact',
        'The palace was built during the Joseon dynasty',
        'The palace was built during the early Joseon dynasty.',
        'meets',
      ],
    ]);
  });
});

describe('frame: a Korean object replaced', () => {
  it('contradicts another object with the same particle, not a list that holds the check’s', () => {
    table([
      ['fact', '판다는 주로 대나무를 먹는다', '판다는 주로 고기를 먹습니다.', 'contradicts'],
      ['fact', '김치는 배추를 절여 만든다', '김치는 무를 절여 만듭니다.', 'contradicts'],
      ['fact', '김치는 배추를 절여 만든다', '김치는 배추와 무를 절여 만듭니다.', 'meets'],
    ]);
  });
});

describe('values: a near value under another predicate does not excuse a different one under the check’s', () => {
  it('contradicts "opened in 1970" for "opened in 1967" even when another sentence dates it from 1961', () => {
    table([
      ...factRows('It opened to visitors in 1967', [
        [
          'The Gateway Arch stands in St. Louis. It dates from 1961 and rises 210 metres above the river. It opened to visitors in 1970.',
          'contradicts',
        ],
        ['It dates from 1961 and opened to visitors in 1967.', 'meets'],
      ]),
    ]);
  });
});

describe('qualities and makers of living things and works', () => {
  it('contradicts the other sex, time of activity or diet, and a maker after a title (EN, KO)', () => {
    table([
      [
        'fact',
        'The female lays her eggs on milkweed leaves',
        'The male lays the eggs on milkweed leaves.',
        'contradicts',
      ],
      ['fact', 'The species is nocturnal', 'It is a diurnal species.', 'contradicts'],
      ['fact', 'The bird is herbivorous', 'The bird is carnivorous.', 'contradicts'],
      ['fact', '암컷이 알을 낳는다', '수컷이 알을 낳습니다.', 'contradicts'],
      ['fact', '이 동물은 야행성이다', '이 동물은 주행성입니다.', 'contradicts'],
      [
        'fact',
        'The structure was designed by Gustave Eiffel',
        'The structure was designed by the engineer Maurice Koechlin.',
        'contradicts',
      ],
    ]);
  });

  it('does not contradict when the answer says both or names the check’s maker after a title', () => {
    table([
      [
        'fact',
        'The female lays her eggs on milkweed leaves',
        'The female lays her eggs on milkweed leaves; the male dies soon after mating.',
        'meets',
      ],
      [
        'fact',
        'The structure was designed by Gustave Eiffel',
        'The structure was designed by the French engineer Gustave Eiffel.',
        'meets',
      ],
    ]);
  });
});
