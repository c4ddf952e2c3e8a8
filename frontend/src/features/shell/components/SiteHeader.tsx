import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { BUSINESS, telHref } from '@towing/contracts';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link, NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router-dom';
import { displayName, loadSignOut, useAuthStore } from '../../auth';
import { navigationFor, type NavLink, type NavMenu } from '../navigation';
import { useNotification } from '../../../shared/ui/notification';
import { SvgIcon } from '../../../shared/ui/SvgIcon';

function DropdownMenu({ menu, open, onToggle, onClose }: { menu: NavMenu; open: boolean; onToggle(): void; onClose(): void }) {
  function closeWhenFocusLeaves(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) onClose();
  }
  return (
    <div className="nav-dropdown" onBlur={closeWhenFocusLeaves} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <button type="button" className="nav-link nav-dropdown-toggle" aria-expanded={open} aria-haspopup="true" onClick={onToggle}>
        {menu.label} <SvgIcon icon={DownOutlined} />
      </button>
      {open && (
        <ul className="nav-dropdown-list" aria-label={menu.label}>
          {menu.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="nav-dropdown-item" onClick={onClose}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DirectLink({ link }: { link: NavLink }) {
  return (
    <RouterNavLink to={link.to} end={link.to === '/'} className="nav-link">
      {link.label}
    </RouterNavLink>
  );
}

/** Sticky header: desktop menus from 1024 px, a slide-out menu below that. */
export function SiteHeader() {
  const user = useAuthStore((state) => state.user);
  const notification = useNotification();
  const navigate = useNavigate();
  const location = useLocation();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigation = navigationFor(user);
  const [home, ...rest] = navigation.direct;

  useEffect(() => {
    setOpenMenu(null);
    setDrawerOpen(false);
  }, [location.pathname]);

  // Escape closes the slide-out menu wherever focus is, and gives focus back to the button that opened it.
  const burger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOpen(false);
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  async function signOut() {
    setDrawerOpen(false);
    const { signOut: signOutWithToast } = await loadSignOut();
    await signOutWithToast(notification);
    navigate('/');
  }

  const account = user ? (
    <>
      <span className="nav-user" data-testid="signed-in-user">
        {displayName(user)}
      </span>
      <button type="button" className="nav-button" onClick={signOut}>
        Logout
      </button>
    </>
  ) : (
    <Link to="/auth" className="nav-button">
      Login
    </Link>
  );

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="site-brand">
          {BUSINESS.name}
        </Link>
        <nav className="site-nav" aria-label="Main">
          <DirectLink link={home} />
          {navigation.menus.map((menu) => (
            <DropdownMenu
              key={menu.label}
              menu={menu}
              open={openMenu === menu.label}
              onToggle={() => setOpenMenu((current) => (current === menu.label ? null : menu.label))}
              onClose={() => setOpenMenu(null)}
            />
          ))}
          {rest.map((link) => (
            <DirectLink key={link.to} link={link} />
          ))}
          {navigation.admin && <DirectLink link={navigation.admin} />}
        </nav>
        <div className="site-header-actions">
          <a className="nav-phone" href={telHref(BUSINESS.phoneE164)} aria-label={`Call ${BUSINESS.phone}`}>
            <SvgIcon icon={PhoneOutlined} /> <span className="nav-phone-number">{BUSINESS.phone}</span>
          </a>
          <div className="site-account">{account}</div>
          <button ref={burger} type="button" className="nav-burger" aria-label="Open menu" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
            <SvgIcon icon={MenuOutlined} />
          </button>
        </div>
      </div>

      {drawerOpen && <div className="drawer-backdrop" onClick={() => setDrawerOpen(false)} aria-hidden />}
      <aside className={`drawer${drawerOpen ? ' drawer-open' : ''}`} aria-label="Menu" aria-hidden={!drawerOpen} inert={!drawerOpen}>
        <div className="drawer-head">
          <span className="drawer-title">Menu</span>
          <button type="button" className="nav-burger" aria-label="Close menu" onClick={() => setDrawerOpen(false)}>
            <SvgIcon icon={CloseOutlined} />
          </button>
        </div>
        <Link to="/sos" reloadDocument className="drawer-stuck">
          STUCK NOW
        </Link>
        <div className="drawer-phones">
          {BUSINESS.staff.map((member) => (
            <a key={member.phoneE164} className="drawer-phone" href={telHref(member.phoneE164)}>
              <SvgIcon icon={PhoneOutlined} /> Call {member.firstName} {member.phone}
            </a>
          ))}
        </div>
        <nav aria-label="Mobile">
          {navigation.direct.map((link) => (
            <Link key={link.to} to={link.to} className="drawer-link">
              {link.label}
            </Link>
          ))}
          {navigation.menus.map((menu) => (
            <div key={menu.label} className="drawer-group">
              <div className="drawer-group-title">{menu.label}</div>
              {menu.links.map((link) => (
                <Link key={link.to} to={link.to} className="drawer-link">
                  {link.label}
                </Link>
              ))}
            </div>
          ))}
          {navigation.admin && (
            <Link to={navigation.admin.to} className="drawer-link">
              {navigation.admin.label}
            </Link>
          )}
        </nav>
        <div className="drawer-account">{account}</div>
      </aside>
    </header>
  );
}
