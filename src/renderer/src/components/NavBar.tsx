import { useTranslation } from 'react-i18next';
import { hashOf, pages, type Page } from '../stores/navigation-store';

interface NavBarProps {
  current: Page;
}

/** The studio's sections as ordinary links: keyboard, mouse, Back and Forward all work. */
export function NavBar({ current }: NavBarProps) {
  const { t } = useTranslation();
  return (
    <nav className="app-nav" aria-label={t('nav.label')}>
      <ul>
        {pages.map((page) => (
          <li key={page}>
            <a href={hashOf(page)} aria-current={page === current ? 'page' : undefined}>
              {t(`nav.${page}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
