import { Clapperboard, Image as ImageIcon, Layers, Star } from 'lucide-react';
import { memo, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { modelLabels } from '../../../entities/model-names';
import type { AssetFacets, BoardView, LibraryFilter } from '../../../../../shared/contract';
import { useLocale } from '../../../errors/use-error-wording';
import { TextField } from '../../../ui';
import { datePresets, fromDateInput, presetOf, presetStart, toDateInput, type DatePreset } from '../model/date-presets';
import { BoardList } from './BoardList';
import './FilterPanel.css';

export interface FilterPanelProps {
  id: string;
  filter: LibraryFilter;
  facets: AssetFacets | undefined;
  /** Every board in the artist's order (which are smart). */
  boards: readonly BoardView[];
  now: Date;
  onChange: (next: LibraryFilter) => void;
  onCreateBoard: (name: string) => Promise<boolean>;
  onDropOnBoard: (boardId: string, ids: string[]) => void;
  onReorderBoards: (ids: string[]) => void;
  /** The compare view of a batch, when the filter has one. */
  compareLink: ReactNode;
}

interface ChoiceProps {
  label: string;
  count: number | undefined;
  chosen: boolean;
  onChoose: () => void;
  icon?: ReactNode;
  lang?: string | undefined;
}

/** One choice of a facet: its name and count; pressed while it is the filter. */
function Choice({ label, count, chosen, onChoose, icon, lang }: ChoiceProps) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className="facet-choice"
        aria-pressed={chosen}
        aria-label={count === undefined ? label : t('gallery.facetItem', { name: label, count })}
        onClick={onChoose}
      >
        {icon}
        <span className="facet-name" lang={lang}>
          {label}
        </span>
        {count !== undefined && <span className="facet-count">{count.toLocaleString()}</span>}
      </button>
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="facet-section" aria-label={title}>
      <h2 className="facet-title">{title}</h2>
      <ul className="facet-list">{children}</ul>
    </section>
  );
}

const hasChinese = (text: string): string | undefined => (/[\u3400-\u9fff]/.test(text) ? 'zh' : undefined);

/**
 * The filter side panel: type, favourites, date, models, boards, tags, characters and batches,
 * each choice with how many results it would give (the rest of the filter kept). Memoised: pages
 * arriving while the grid scrolls leave its dozens of choices be.
 */
export const FilterPanel = memo(function FilterPanel({
  id,
  filter,
  facets,
  boards,
  now,
  onChange,
  onCreateBoard,
  onDropOnBoard,
  onReorderBoards,
  compareLink,
}: FilterPanelProps) {
  const { t } = useTranslation();
  const catalogLocale = useLocale();
  const modelNames = useMemo(
    () =>
      // Names, never ids: ids of one name (an alias on another channel) say what sets them apart.
      modelLabels(
        (facets?.models ?? []).map((m) => m.model),
        catalogLocale,
        { standard: t('plainWords.modelStandard'), official: t('plainWords.modelOfficial') },
      ),
    [facets, catalogLocale, t],
  );
  const boardCounts = useMemo(() => new Map((facets?.boards ?? []).map((b) => [b.id, b.count])), [facets]);
  const set = (patch: Partial<LibraryFilter>): void => onChange({ ...filter, ...patch });
  const toggle = <K extends keyof LibraryFilter>(key: K, value: LibraryFilter[K]): void => set({ [key]: filter[key] === value ? undefined : value });
  const preset = presetOf(filter.createdFrom, filter.createdBefore, now);
  const since = (p: DatePreset): number | undefined => facets?.since.find((s) => s.from === presetStart(p, now))?.count;
  const hasDates = filter.createdFrom !== undefined || filter.createdBefore !== undefined;

  return (
    <aside id={id} className="filter-panel" aria-label={t('gallery.filters')}>
      <Section title={t('gallery.kind')}>
        <Choice
          label={t('gallery.all')}
          count={facets ? facets.kinds.image + facets.kinds.video : undefined}
          chosen={filter.kind === undefined}
          onChoose={() => set({ kind: undefined })}
          icon={<Layers size={16} aria-hidden="true" />}
        />
        <Choice
          label={t('gallery.images')}
          count={facets?.kinds.image}
          chosen={filter.kind === 'image'}
          onChoose={() => toggle('kind', 'image')}
          icon={<ImageIcon size={16} aria-hidden="true" />}
        />
        <Choice
          label={t('gallery.videos')}
          count={facets?.kinds.video}
          chosen={filter.kind === 'video'}
          onChoose={() => toggle('kind', 'video')}
          icon={<Clapperboard size={16} aria-hidden="true" />}
        />
        <Choice
          label={t('gallery.favourites')}
          count={facets?.favourites}
          chosen={filter.favourite === true}
          onChoose={() => toggle('favourite', true)}
          icon={<Star size={16} aria-hidden="true" />}
        />
      </Section>

      <Section title={t('gallery.date')}>
        <Choice label={t('gallery.anyTime')} count={undefined} chosen={!hasDates} onChoose={() => set({ createdFrom: undefined, createdBefore: undefined })} />
        {datePresets.map((p) => (
          <Choice
            key={p}
            label={t(`gallery.${p}`)}
            count={since(p)}
            chosen={preset === p}
            onChoose={() => set({ createdFrom: presetStart(p, now), createdBefore: undefined })}
          />
        ))}
        <li className="facet-dates">
          <TextField
            type="date"
            look={{ quiet: true, small: true }}
            label={t('gallery.from')}
            value={filter.createdFrom === undefined ? '' : toDateInput(filter.createdFrom)}
            onChange={(text) => set({ createdFrom: fromDateInput(text) })}
          />
          <TextField
            type="date"
            look={{ quiet: true, small: true }}
            label={t('gallery.until')}
            value={filter.createdBefore === undefined ? '' : toDateInput(filter.createdBefore - 86_400_000)}
            onChange={(text) => {
              const day = fromDateInput(text);
              set({ createdBefore: day === undefined ? undefined : day + 86_400_000 });
            }}
          />
        </li>
      </Section>

      {facets && facets.models.length > 0 && (
        <Section title={t('gallery.models')}>
          {facets.models.map((m) => (
            <Choice
              key={m.model}
              label={modelNames.get(m.model) ?? m.model}
              count={m.count}
              chosen={filter.model === m.model}
              onChoose={() => toggle('model', m.model)}
            />
          ))}
        </Section>
      )}

      <BoardList
        boards={boards}
        counts={boardCounts}
        chosen={filter.boardId}
        onChoose={(boardId) => toggle('boardId', boardId)}
        onCreate={onCreateBoard}
        onDropResults={onDropOnBoard}
        onReorder={onReorderBoards}
      />

      {facets && facets.tags.length > 0 && (
        <Section title={t('gallery.tags')}>
          {facets.tags.slice(0, 30).map((tag) => (
            <Choice
              key={tag.tag}
              label={`#${tag.tag}`}
              lang={hasChinese(tag.tag)}
              count={tag.count}
              chosen={filter.tag === tag.tag}
              onChoose={() => toggle('tag', tag.tag)}
            />
          ))}
        </Section>
      )}

      {facets && facets.characters.length > 0 && (
        <Section title={t('gallery.characters')}>
          {facets.characters.slice(0, 30).map((c) => (
            <Choice
              key={c.username}
              label={`@${c.username}`}
              count={c.count}
              chosen={filter.character === c.username}
              onChoose={() => toggle('character', c.username)}
            />
          ))}
        </Section>
      )}

      {facets && facets.batches.length > 0 && (
        <Section title={t('gallery.batches')}>
          {facets.batches.map((b) => (
            <Choice
              key={b.id}
              label={b.name}
              lang={hasChinese(b.name)}
              count={b.count}
              chosen={filter.batchId === b.id}
              onChoose={() => toggle('batchId', b.id)}
            />
          ))}
          {compareLink && <li className="facet-compare">{compareLink}</li>}
        </Section>
      )}
    </aside>
  );
});
