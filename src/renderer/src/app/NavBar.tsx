import { CircleUserRound, Images, ListChecks, Settings, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths, sections, type Section } from './routes';

const icons: Record<Section, LucideIcon> = {
  create: Sparkles,
  gallery: Images,
  timeline: ListChecks,
  account: CircleUserRound,
  settings: Settings,
};

interface NavBarProps {
  /** Jobs waiting, being sent, running or saving: shown as a badge on Timeline. */
  activeJobs: number;
}

/** The studio's sections as links with icons and labels: keyboard, mouse, Back and Forward all work. */
export function NavBar({ activeJobs }: NavBarProps) {
  const { t } = useTranslation();
  return (
    <nav className="app-nav" aria-label={t('nav.label')}>
      <ul>
        {sections.map((section) => {
          const Icon = icons[section];
          const badge = section === 'timeline' && activeJobs > 0;
          return (
            <li key={section}>
              {/* The link's name is its label; the count is described, not part of the name. */}
              <NavLink to={paths.section(section)} aria-describedby={badge ? 'nav-active-jobs' : undefined}>
                <Icon aria-hidden="true" size={20} strokeWidth={1.75} className="nav-icon" />
                <span className="nav-label">{t(`nav.${section}`)}</span>
                {badge && (
                  <span className="nav-badge" aria-hidden="true" title={t('nav.activeJobs', { count: activeJobs })}>
                    {activeJobs > 99 ? '99+' : activeJobs}
                  </span>
                )}
              </NavLink>
              {badge && (
                <span id="nav-active-jobs" hidden>
                  {t('nav.activeJobs', { count: activeJobs })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
