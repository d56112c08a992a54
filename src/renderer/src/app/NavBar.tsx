import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavEntry } from '../studio/feature-module';
import { featureModules } from './modules';

const entries = featureModules.flatMap((module) => (module.nav ? [{ name: module.name, ...module.nav }] : []));
const noCount = (): number => 0;

/** The studio's sections as links with icons and labels: keyboard, mouse, Back and Forward all work. */
export function NavBar() {
  const { t } = useTranslation();
  return (
    <nav className="app-nav" aria-label={t('nav.label')}>
      <ul>
        {entries.map((entry) => (
          <NavItem key={entry.name} entry={entry} />
        ))}
      </ul>
    </nav>
  );
}

function NavItem({ entry }: { entry: NavEntry & { name: string } }) {
  const { t } = useTranslation();
  const useCount = entry.badge?.useCount ?? noCount;
  const count = useCount();
  const description = entry.badge ? t(entry.badge.label, { count }) : '';
  const Icon = entry.icon;
  const badge = count > 0;
  const describedBy = `nav-${entry.name}-badge`;
  return (
    <li>
      {/* The link's name is its label; the count is described, not part of the name. */}
      <NavLink to={entry.to} aria-describedby={badge ? describedBy : undefined}>
        <Icon aria-hidden="true" size={20} strokeWidth={1.75} className="nav-icon" />
        <span className="nav-label">{t(entry.label)}</span>
        {badge && (
          <span className="nav-badge" aria-hidden="true" title={description}>
            {count > 99 ? '99+' : count}
          </span>
        )}
      </NavLink>
      {badge && (
        <span id={describedBy} hidden>
          {description}
        </span>
      )}
    </li>
  );
}
