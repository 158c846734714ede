import { Link } from 'react-router-dom';
import { carrier } from '../../shared/carrier.ts';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          <img className="site-header__logo" src={carrier.logo} alt="" width="40" height="40" />
          <span className="site-header__name">{carrier.name}</span>
        </Link>
      </div>
    </header>
  );
}
