import type { ReportSummary, RunComparison } from '@gamut/core';
import type React from 'react';
import { useEffect, useState } from 'react';
import type { BuildHeader, ClientApi, ReviewInfo } from './client/api.js';
import { ComparePage } from './pages/compare.js';
import { HeatmapPage } from './pages/heatmap.js';
import { JudgesPage } from './pages/judges.js';
import { LeaderboardPage } from './pages/leaderboard.js';
import { QuestionPage } from './pages/question.js';
import { QuestionsPage } from './pages/questions.js';
import { RagPage } from './pages/rag.js';
import { RagQuestionPage } from './pages/rag-question.js';
import { ReviewPage } from './pages/review.js';
import { SettingsPage } from './pages/settings.js';
import { href, useRoute } from './router.js';

export function App({ api }: { api: ClientApi }) {
  const route = useRoute();
  const [summary, setSummary] = useState<ReportSummary | null>(null);
  const [comparison, setComparison] = useState<RunComparison | null>(null);
  const [review, setReview] = useState<ReviewInfo>({ available: false, build: null });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.summary().then(setSummary, (e: unknown) => setError(String(e)));
    api.compare().then(setComparison, () => setComparison(null));
    api.review().then(setReview, () => setReview({ available: false, build: null }));
  }, [api]);
  if (error) return <p className="error">Could not load the run: {error}</p>;
  if (!summary) return <p className="muted">Loading…</p>;
  const [page = '', id] = route.segments;
  // A wiki-QA report (`gamut rag score --report`) has no Gamut run: its home page is Wiki-QA.
  const ragOnly = summary.rag !== null && summary.models.length === 0 && summary.questions.ids.length === 0;
  const nav: Array<[string, string, boolean]> = [
    ['', 'Leaderboard', !ragOnly],
    ['domains', 'Domains', summary.heatmap.domains.length > 0],
    ['settings', 'Settings', summary.settings_ablation !== null],
    ['judges', 'Judges', summary.judges_view !== null],
    ['questions', 'Questions', summary.questions.ids.length > 0],
    ['rag', 'Wiki-QA', summary.rag !== null],
    ['compare', 'Compare', comparison !== null],
    ['review', 'Review', review.available],
  ];
  let body: React.JSX.Element;
  if (page === 'domains') body = <HeatmapPage summary={summary} route={route} />;
  else if (page === 'settings') body = <SettingsPage summary={summary} />;
  else if (page === 'judges') body = <JudgesPage summary={summary} route={route} />;
  else if (page === 'questions' && id) body = <QuestionPage api={api} id={id} route={route} />;
  else if (page === 'questions') body = <QuestionsPage api={api} summary={summary} route={route} />;
  else if (page === 'rag' && id) body = <RagQuestionPage api={api} id={id} />;
  else if (page === 'review') body = <ReviewPage route={route} imageUrl={(p) => api.imageUrl(p)} />;
  else if (page === 'compare') body = <ComparePage comparison={comparison} route={route} />;
  else if (page === 'rag' || (ragOnly && page === '')) body = <RagPage summary={summary} route={route} />;
  else body = <LeaderboardPage summary={summary} route={route} />;
  return (
    <div className="app">
      <header>
        <a className="brand" href="#/">
          Gamut
        </a>
        <nav>
          {nav
            .filter(([, , show]) => show)
            .map(([p, label]) => (
              <a
                key={p}
                href={href(p ? [p] : [])}
                className={page === p || (ragOnly && page === '' && p === 'rag') ? 'active' : ''}
              >
                {label}
              </a>
            ))}
        </nav>
        <span className="muted small run">
          {review.build
            ? buildLine(review.build)
            : ragOnly
              ? `wiki-QA · ${summary.rag?.agent ?? 'agent'} · ${summary.rag?.questions.length ?? 0} questions`
              : `${summary.run.run_id ?? 'run'} · ${summary.models.length} models · ${summary.questions.ids.length} questions`}
          {api.kind === 'http' ? ' · live' : ''}
        </span>
      </header>
      <main>{body}</main>
    </div>
  );
}

/** A build's header: its name and its review queues with their sizes (`build demo · questions-1 (8) · rubrics-1 (4)`). */
function buildLine(b: BuildHeader): string {
  return [`build ${b.name}`, ...b.queues.map((q) => `${q.id} (${q.items})`)].join(' · ');
}
