import { describe, expect, it } from 'vitest';
import { compileWithWarnings } from './compile-meta-rubric.js';
import { parseMetaRubric } from './parse-meta-rubric.js';

/** The words of one question in a language: every check kind comes out of these items. */
interface Words {
  question: string;
  entity: string;
  fact: string;
  list: [string, string, string];
  insight: string;
  similar: [string, string, string, string];
  sides: [string, string, string, string, string];
  process: [string, string, string, string];
  relation: [string, string, string];
  overall: string;
}

function compileIn(language: string, w: Words) {
  const parsed = parseMetaRubric({
    question_id: `q-${language}`,
    question: w.question,
    language,
    entity: w.entity,
    items: [
      { id: 'I1', type: 'fact', tier: 'answer_critical', text: w.fact },
      {
        id: 'I2',
        type: 'strict_list',
        tier: 'answer_critical',
        text: w.list[0],
        members: [{ text: w.list[1] }, { text: w.list[2] }],
        insights: [{ text: w.insight }],
      },
      {
        id: 'I3',
        type: 'flexible_list',
        tier: 'valuable',
        text: w.similar[0],
        members: w.similar.slice(1).map((text) => ({ text })),
        baseline: [2],
      },
      {
        id: 'I4',
        type: 'flexible_list',
        tier: 'context',
        text: w.sides[0],
        members: w.sides.slice(1).map((text) => ({ text })),
        baseline: [1],
      },
      {
        id: 'I5',
        type: 'process',
        tier: 'valuable',
        text: w.process[0],
        steps: [
          { text: w.process[1], required: true },
          { text: w.process[2], required: false },
          { text: w.process[3], required: true },
        ],
      },
      {
        id: 'I6',
        type: 'relationship',
        tier: 'valuable',
        text: w.relation[0],
        entity: w.relation[1],
        aspects: [{ text: w.relation[2] }],
      },
      { id: 'I7', type: 'meta_insight', tier: 'context', text: w.overall },
    ],
  });
  if (!parsed.value) throw new Error(JSON.stringify(parsed.issues));
  const { rubric, warnings } = compileWithWarnings(parsed.value);
  const shown = [
    'I1.fact',
    'I2.m1',
    'I2.i1',
    'I3.min2',
    'I3.o1',
    'I4.cov2',
    'I5.s2',
    'I5.seq',
    'I5.fullseq',
    'I6.entity',
    'I6.a1',
    'I7.insight',
  ];
  return { texts: shown.map((id) => `${id} ${rubric.checks.find((c) => c.id === id)?.text}`), warnings };
}

const JA: Words = {
  question: 'この料理は何で、どのように作りますか？',
  entity: '肉じゃが',
  fact: '料理を肉じゃがだと特定している',
  list: ['主な材料', '牛肉', 'じゃがいも'],
  insight: 'どれも一年中手に入る身近な食材である',
  similar: ['同じく甘辛く煮る料理', '筑前煮', 'ぶり大根', 'すき焼き'],
  sides: ['一緒に出される献立の例', 'ご飯', '味噌汁', '漬物', 'ほうれん草のおひたし'],
  process: ['作り方', '肉と野菜を食べやすい大きさに切る', '油で軽く炒める', 'だし、醤油、砂糖、みりんで煮込む'],
  relation: ['ビーフシチューとの比較', 'ビーフシチュー', 'デミグラスソースではなく醤油で味付けする'],
  overall: '日本の家庭料理の定番として広く親しまれている',
};
const ZH: Words = {
  question: '这是什么菜？怎么做？',
  entity: '红烧肉',
  fact: '指出这道菜是红烧肉',
  list: ['主要食材', '五花肉', '冰糖'],
  insight: '这些都是家常易得的食材',
  similar: ['同样采用红烧做法的菜', '红烧排骨', '红烧鱼', '红烧茄子'],
  sides: ['常见的搭配', '米饭', '青菜', '卤蛋', '豆腐'],
  process: ['做法', '五花肉切块焯水', '炒糖色', '加酱油和水小火慢炖'],
  relation: ['与东坡肉的比较', '东坡肉', '东坡肉通常切成大方块并用黄酒焖制'],
  overall: '这是中国各地都很常见的家常菜',
};
const ZH_HANT: Words = {
  question: '這是什麼料理？怎麼做？',
  entity: '滷肉飯',
  fact: '指出這道料理是滷肉飯',
  list: ['主要食材', '豬五花', '醬油'],
  insight: '這些都是傳統市場常見的食材',
  similar: ['同樣以滷汁烹調的料理', '控肉飯', '滷雞腿', '滷豆干'],
  sides: ['常見的配菜', '滷蛋', '燙青菜', '醃黃蘿蔔', '貢丸湯'],
  process: ['做法', '豬肉切丁', '爆香紅蔥頭', '加醬油與冰糖小火滷煮'],
  relation: ['與控肉飯的比較', '控肉飯', '控肉飯用整塊五花肉而不是肉丁'],
  overall: '這是台灣最具代表性的小吃之一',
};
const ES: Words = {
  question: '¿Qué plato es este y cómo se prepara?',
  entity: 'Paella valenciana',
  fact: 'Identifica el plato como paella valenciana',
  list: ['Ingredientes principales', 'arroz', 'azafrán'],
  insight: 'Todos se cultivan tradicionalmente en España',
  similar: ['Otros arroces españoles', 'arroz negro', 'arroz a banda', 'arroz al horno'],
  sides: ['Acompañamientos habituales', 'alioli', 'ensalada', 'limón', 'pan'],
  process: [
    'Preparación',
    'Sofreír la carne en la paellera',
    'Añadir el tomate rallado',
    'Cocer el arroz en el caldo sin removerlo',
  ],
  relation: ['Comparación con el risotto', 'risotto', 'el arroz no se remueve y queda suelto'],
  overall: 'Es uno de los platos más conocidos de la cocina española',
};
const FR: Words = {
  question: 'Quel est ce plat et comment le prépare-t-on ?',
  entity: 'Ratatouille',
  fact: 'Identifie le plat comme une ratatouille',
  list: ['Ingrédients principaux', 'aubergine', 'courgette'],
  insight: 'Ce sont tous des légumes d’été',
  similar: ['Plats de légumes mijotés comparables', 'piperade', 'caponata', 'tian provençal'],
  sides: ['Accompagnements courants', 'riz', 'pain de campagne', 'œufs', 'viande grillée'],
  process: [
    'Préparation',
    'Couper les légumes en dés',
    'Faire revenir chaque légume séparément',
    'Laisser mijoter le tout à feu doux',
  ],
  relation: ['Comparaison avec la caponata', 'caponata', 'la caponata est aigre-douce, avec du vinaigre et des câpres'],
  overall: 'C’est un plat emblématique de la cuisine provençale',
};
const DE: Words = {
  question: 'Was ist das für ein Gericht, und wie wird es zubereitet?',
  entity: 'Sauerbraten',
  fact: 'Erkennt das Gericht als Sauerbraten',
  list: ['Hauptzutaten', 'Rindfleisch', 'Essig'],
  insight: 'Die Zutaten sind einfach und überall erhältlich',
  similar: ['Andere geschmorte Fleischgerichte', 'Rinderrouladen', 'Gulasch', 'Schmorbraten'],
  sides: ['Typische Beilagen', 'Kartoffelklöße', 'Rotkohl', 'Spätzle', 'Apfelmus'],
  process: [
    'Zubereitung',
    'Das Fleisch mehrere Tage in Essigbeize einlegen',
    'Das Fleisch scharf anbraten',
    'In der Beize langsam schmoren',
  ],
  relation: ['Vergleich mit Schmorbraten', 'Schmorbraten', 'wird vor dem Schmoren nicht in Essig eingelegt'],
  overall: 'Er gilt als eines der bekanntesten Gerichte der deutschen Küche',
};

describe('check texts in every language with templates (what the judge reads)', () => {
  it('Japanese', () => {
    const { texts, warnings } = compileIn('ja', JA);
    expect(warnings).toEqual([]);
    expect(texts).toEqual([
      'I1.fact 料理を肉じゃがだと特定している。',
      'I2.m1 「主な材料」の一つとして牛肉を挙げている（対象：肉じゃが）。',
      'I2.i1 「主な材料」について次のことを述べている（対象：肉じゃが）：どれも一年中手に入る身近な食材である。',
      'I3.min2 「同じく甘辛く煮る料理」に当てはまる次のうち2つ以上を挙げている（対象：肉じゃが）：筑前煮、ぶり大根、すき焼き。',
      'I3.o1 「同じく甘辛く煮る料理」の例として筑前煮を挙げている（対象：肉じゃが）。',
      'I4.cov2 「一緒に出される献立の例」に当てはまる次のうち2つ以上を挙げている（対象：肉じゃが）：ご飯、味噌汁、漬物、ほうれん草のおひたし。',
      'I5.s2 「作り方」の手順として次を挙げている（対象：肉じゃが）：油で軽く炒める。',
      'I5.seq 「作り方」の次の手順をこの順序で示している（対象：肉じゃが）：肉と野菜を食べやすい大きさに切る → だし、醤油、砂糖、みりんで煮込む。',
      'I5.fullseq 「作り方」の次の手順をすべてこの順序で示している（対象：肉じゃが）：肉と野菜を食べやすい大きさに切る → 油で軽く炒める → だし、醤油、砂糖、みりんで煮込む。',
      'I6.entity 肉じゃがと関連づけてビーフシチューに触れている（「ビーフシチューとの比較」）。',
      'I6.a1 ビーフシチューとの比較：デミグラスソースではなく醤油で味付けする（対象：肉じゃが）。',
      'I7.insight 日本の家庭料理の定番として広く親しまれている（対象：肉じゃが）。',
    ]);
  });
  it('Chinese, Simplified script', () => {
    const { texts, warnings } = compileIn('zh', ZH);
    expect(warnings).toEqual([]);
    expect(texts).toEqual([
      'I1.fact 指出这道菜是红烧肉。',
      'I2.m1 将五花肉列为“主要食材”之一（主题：红烧肉）。',
      'I2.i1 关于“主要食材”，提到了以下内容（主题：红烧肉）：这些都是家常易得的食材。',
      'I3.min2 至少提到以下“同样采用红烧做法的菜”中的2项（主题：红烧肉）：红烧排骨、红烧鱼、红烧茄子。',
      'I3.o1 举出红烧排骨作为“同样采用红烧做法的菜”的例子（主题：红烧肉）。',
      'I4.cov2 至少提到以下“常见的搭配”中的2项（主题：红烧肉）：米饭、青菜、卤蛋、豆腐。',
      'I5.s2 提到“做法”中的这一步骤（主题：红烧肉）：炒糖色。',
      'I5.seq 按以下顺序给出“做法”的这些步骤（主题：红烧肉）：五花肉切块焯水 → 加酱油和水小火慢炖。',
      'I5.fullseq 按以下顺序给出“做法”的所有步骤（主题：红烧肉）：五花肉切块焯水 → 炒糖色 → 加酱油和水小火慢炖。',
      'I6.entity 提到与红烧肉相关的东坡肉（“与东坡肉的比较”）。',
      'I6.a1 与东坡肉的比较：东坡肉通常切成大方块并用黄酒焖制（主题：红烧肉）。',
      'I7.insight 这是中国各地都很常见的家常菜（主题：红烧肉）。',
    ]);
  });
  it('Chinese, Traditional script (zh-Hant-TW)', () => {
    const { texts, warnings } = compileIn('zh-Hant-TW', ZH_HANT);
    expect(warnings).toEqual([]);
    expect(texts).toEqual([
      'I1.fact 指出這道料理是滷肉飯。',
      'I2.m1 將豬五花列為「主要食材」之一（主題：滷肉飯）。',
      'I2.i1 關於「主要食材」，提到了以下內容（主題：滷肉飯）：這些都是傳統市場常見的食材。',
      'I3.min2 至少提到以下「同樣以滷汁烹調的料理」中的2項（主題：滷肉飯）：控肉飯、滷雞腿、滷豆干。',
      'I3.o1 舉出控肉飯作為「同樣以滷汁烹調的料理」的例子（主題：滷肉飯）。',
      'I4.cov2 至少提到以下「常見的配菜」中的2項（主題：滷肉飯）：滷蛋、燙青菜、醃黃蘿蔔、貢丸湯。',
      'I5.s2 提到「做法」中的這一步驟（主題：滷肉飯）：爆香紅蔥頭。',
      'I5.seq 按以下順序給出「做法」的這些步驟（主題：滷肉飯）：豬肉切丁 → 加醬油與冰糖小火滷煮。',
      'I5.fullseq 按以下順序給出「做法」的所有步驟（主題：滷肉飯）：豬肉切丁 → 爆香紅蔥頭 → 加醬油與冰糖小火滷煮。',
      'I6.entity 提到與滷肉飯相關的控肉飯（「與控肉飯的比較」）。',
      'I6.a1 與控肉飯的比較：控肉飯用整塊五花肉而不是肉丁（主題：滷肉飯）。',
      'I7.insight 這是台灣最具代表性的小吃之一（主題：滷肉飯）。',
    ]);
  });
  it('Spanish', () => {
    const { texts, warnings } = compileIn('es', ES);
    expect(warnings).toEqual([]);
    expect(texts).toEqual([
      'I1.fact Identifica el plato como paella valenciana.',
      'I2.m1 Menciona arroz como parte de «Ingredientes principales» (tema: Paella valenciana).',
      'I2.i1 Afirma lo siguiente sobre «Ingredientes principales» (tema: Paella valenciana): Todos se cultivan tradicionalmente en España.',
      'I3.min2 Menciona al menos 2 de los siguientes elementos de «Otros arroces españoles» (tema: Paella valenciana): arroz negro, arroz a banda, arroz al horno.',
      'I3.o1 Menciona arroz negro como ejemplo de «Otros arroces españoles» (tema: Paella valenciana).',
      'I4.cov2 Menciona al menos 2 de los siguientes elementos de «Acompañamientos habituales» (tema: Paella valenciana): alioli, ensalada, limón, pan.',
      'I5.s2 Menciona este paso de «Preparación» (tema: Paella valenciana): Añadir el tomate rallado.',
      'I5.seq Presenta estos pasos de «Preparación» (tema: Paella valenciana) en este orden: Sofreír la carne en la paellera → Cocer el arroz en el caldo sin removerlo.',
      'I5.fullseq Presenta todos estos pasos de «Preparación» (tema: Paella valenciana) en este orden: Sofreír la carne en la paellera → Añadir el tomate rallado → Cocer el arroz en el caldo sin removerlo.',
      'I6.entity Menciona risotto en relación con Paella valenciana («Comparación con el risotto»).',
      'I6.a1 Comparación con el risotto: el arroz no se remueve y queda suelto (tema: Paella valenciana).',
      'I7.insight Es uno de los platos más conocidos de la cocina española (tema: Paella valenciana).',
    ]);
  });
  it('French (no-break spaces inside \u00ab \u00bb and before colons)', () => {
    const { texts, warnings } = compileIn('fr', FR);
    expect(warnings).toEqual([]);
    expect(texts).toEqual([
      'I1.fact Identifie le plat comme une ratatouille.',
      'I2.m1 Cite aubergine parmi «\u00a0Ingrédients principaux\u00a0» (sujet\u00a0: Ratatouille).',
      'I2.i1 Indique ceci à propos de «\u00a0Ingrédients principaux\u00a0» (sujet\u00a0: Ratatouille)\u00a0: Ce sont tous des légumes d’été.',
      'I3.min2 Cite au moins 2 des éléments suivants pour «\u00a0Plats de légumes mijotés comparables\u00a0» (sujet\u00a0: Ratatouille)\u00a0: piperade, caponata, tian provençal.',
      'I3.o1 Cite piperade comme exemple de «\u00a0Plats de légumes mijotés comparables\u00a0» (sujet\u00a0: Ratatouille).',
      'I4.cov2 Cite au moins 2 des éléments suivants pour «\u00a0Accompagnements courants\u00a0» (sujet\u00a0: Ratatouille)\u00a0: riz, pain de campagne, œufs, viande grillée.',
      'I5.s2 Mentionne cette étape de «\u00a0Préparation\u00a0» (sujet\u00a0: Ratatouille)\u00a0: Faire revenir chaque légume séparément.',
      'I5.seq Donne ces étapes de «\u00a0Préparation\u00a0» (sujet\u00a0: Ratatouille) dans cet ordre\u00a0: Couper les légumes en dés → Laisser mijoter le tout à feu doux.',
      'I5.fullseq Donne toutes ces étapes de «\u00a0Préparation\u00a0» (sujet\u00a0: Ratatouille) dans cet ordre\u00a0: Couper les légumes en dés → Faire revenir chaque légume séparément → Laisser mijoter le tout à feu doux.',
      'I6.entity Évoque caponata en lien avec Ratatouille («\u00a0Comparaison avec la caponata\u00a0»).',
      'I6.a1 Comparaison avec la caponata\u00a0: la caponata est aigre-douce, avec du vinaigre et des câpres (sujet\u00a0: Ratatouille).',
      'I7.insight C’est un plat emblématique de la cuisine provençale (sujet\u00a0: Ratatouille).',
    ]);
  });
  it('German', () => {
    const { texts, warnings } = compileIn('de', DE);
    expect(warnings).toEqual([]);
    expect(texts).toEqual([
      'I1.fact Erkennt das Gericht als Sauerbraten.',
      'I2.m1 Nennt Rindfleisch als Teil von „Hauptzutaten“ (Gegenstand: Sauerbraten).',
      'I2.i1 Sagt Folgendes zu „Hauptzutaten“ (Gegenstand: Sauerbraten): Die Zutaten sind einfach und überall erhältlich.',
      'I3.min2 Nennt mindestens 2 der folgenden Punkte zu „Andere geschmorte Fleischgerichte“ (Gegenstand: Sauerbraten): Rinderrouladen, Gulasch, Schmorbraten.',
      'I3.o1 Nennt Rinderrouladen als ein Beispiel für „Andere geschmorte Fleischgerichte“ (Gegenstand: Sauerbraten).',
      'I4.cov2 Nennt mindestens 2 der folgenden Punkte zu „Typische Beilagen“ (Gegenstand: Sauerbraten): Kartoffelklöße, Rotkohl, Spätzle, Apfelmus.',
      'I5.s2 Nennt diesen Schritt von „Zubereitung“ (Gegenstand: Sauerbraten): Das Fleisch scharf anbraten.',
      'I5.seq Nennt diese Schritte von „Zubereitung“ (Gegenstand: Sauerbraten) in dieser Reihenfolge: Das Fleisch mehrere Tage in Essigbeize einlegen → In der Beize langsam schmoren.',
      'I5.fullseq Nennt alle diese Schritte von „Zubereitung“ (Gegenstand: Sauerbraten) in dieser Reihenfolge: Das Fleisch mehrere Tage in Essigbeize einlegen → Das Fleisch scharf anbraten → In der Beize langsam schmoren.',
      'I6.entity Erwähnt Schmorbraten im Zusammenhang mit Sauerbraten („Vergleich mit Schmorbraten“).',
      'I6.a1 Vergleich mit Schmorbraten: wird vor dem Schmoren nicht in Essig eingelegt (Gegenstand: Sauerbraten).',
      'I7.insight Er gilt als eines der bekanntesten Gerichte der deutschen Küche (Gegenstand: Sauerbraten).',
    ]);
  });
});

describe('language tags', () => {
  const member = (language: string) => {
    const r = parseMetaRubric({
      question_id: 'q',
      question: '?',
      language,
      items: [
        { id: 'L', type: 'strict_list', tier: 'valuable', text: 'Core ingredients', members: [{ text: 'beef' }] },
      ],
    });
    if (!r.value) throw new Error(JSON.stringify(r.issues));
    const { rubric, warnings } = compileWithWarnings(r.value);
    return { language: r.value.language, text: rubric.checks[0]?.text, warnings };
  };

  it('accepts any BCP 47 tag in its canonical case and picks templates by the primary subtag', () => {
    expect(member('KO-kr')).toMatchObject({
      language: 'ko-KR',
      text: '‘Core ingredients’ 중 하나로 beef을(를) 언급한다.',
    });
    expect(member('de-AT')).toMatchObject({ language: 'de-AT', text: 'Nennt beef als Teil von „Core ingredients“.' });
    expect(member('zh-tw')).toMatchObject({ language: 'zh-TW', text: '將beef列為「Core ingredients」之一。' });
    expect(member('zh-SG')).toMatchObject({ language: 'zh-SG', text: '将beef列为“Core ingredients”之一。' });
  });

  it('words another language in English, with a warning that names it', () => {
    expect(member('pt-br')).toEqual({
      language: 'pt-BR',
      text: 'Mentions beef as part of "Core ingredients".',
      warnings: [
        {
          rule: 'language-fallback',
          question: 'q',
          path: 'language',
          message:
            'no check templates for language "pt-BR": its checks are worded in English (templates exist for en, ko, ja, zh, es, fr, de)',
        },
      ],
    });
    expect(member('en-GB').warnings).toEqual([]);
  });

  it('refuses what is not a language tag, naming the field', () => {
    const r = parseMetaRubric({ question_id: 'q', question: '?', language: 'en_US', items: [] });
    expect(r.issues?.find((i) => i.path === 'language')?.message).toBe(
      'expected a BCP 47 language tag, e.g. "en", "ko", "ja", "pt-BR" or "zh-Hant-TW"',
    );
  });
});
