"""Reference values of real functions to 40 and more significant digits, with Python's decimal
module (exp, ln and sqrt are decimal's own, correctly rounded; the rest are series, continued
fractions and Newton's method written here): the independent references of test_libdevice.py.

Each function takes a finite float (exact as a Decimal) and returns a Decimal; special values
(infinities, NaN, zeros, poles) are the caller's to handle. `digits` is the precision asked for."""
import decimal
import math
from decimal import Decimal as D
from fractions import Fraction

DIGITS = 40
_PI = {}
# the values go on being computed with (negated, multiplied) outside the functions' own contexts
decimal.getcontext().prec = 80
decimal.getcontext().Emax, decimal.getcontext().Emin = 999999, -999999


def _ctx(prec):
    c = decimal.Context(prec=prec, Emax=999999, Emin=-999999)
    return decimal.localcontext(c)


def pi(prec=DIGITS):
    """pi to prec digits (up to 500): Machin's formula, 16 atan(1/5) - 4 atan(1/239), once."""
    if not _PI:
        with _ctx(520):
            def atan_inv(n):
                total, k, term, n2 = D(0), 0, D(1) / n, n * n
                while abs(term) > D(10) ** -515:
                    total += term / (2 * k + 1) if k % 2 == 0 else -term / (2 * k + 1)
                    term /= n2
                    k += 1
                return total
            _PI[0] = 16 * atan_inv(5) - 4 * atan_inv(239)
    with _ctx(min(prec, 500)):
        return +_PI[0]


def _exact(x):
    return D(x) if not isinstance(x, (D, Fraction)) else (D(x.numerator) / D(x.denominator) if isinstance(x, Fraction) else x)


def _sin_cos_small(r, prec):
    """(sin r, cos r) by Taylor series, |r| <= pi/4."""
    with _ctx(prec + 10):
        r2, s, c, ts, tc, k = r * r, r, D(1), r, D(1), 1
        eps = D(10) ** -(prec + 8)
        while abs(ts) > eps or abs(tc) > eps:
            ts = -ts * r2 / ((2 * k) * (2 * k + 1))
            tc = -tc * r2 / ((2 * k - 1) * (2 * k))
            s += ts
            c += tc
            k += 1
        return +s, +c


def sin_cos(x, prec=DIGITS):
    """(sin x, cos x) for any float x: reduced by multiples of pi/2 with pi to as many digits as x has."""
    x = _exact(x)
    digits = prec + max(0, x.adjusted()) + 10
    with _ctx(digits):
        p = pi(digits)
        k = int((x / (p / 2)).to_integral_value(rounding=decimal.ROUND_HALF_EVEN))
        r = x - k * (p / 2)
    s, c = _sin_cos_small(r, prec + 5)
    return [(s, c), (c, s.copy_negate()), (s.copy_negate(), c.copy_negate()), (c.copy_negate(), s)][k % 4]


def sincospi(x, prec=DIGITS):
    """(sin pi x, cos pi x): x reduced modulo 2 exactly (as a fraction), then by quarters."""
    f = Fraction(x) % 2
    k = round(f * 2)  # nearest half
    r = f - Fraction(k, 2)
    with _ctx(prec + 10):
        rr = D(r.numerator) / D(r.denominator) * pi(prec + 10)
    s, c = _sin_cos_small(rr, prec + 5)
    return [(s, c), (c, s.copy_negate()), (s.copy_negate(), c.copy_negate()), (c.copy_negate(), s)][k % 4]


HUGE = D("Infinity")


def exp(x, prec=DIGITS):
    x = _exact(x)
    if abs(x) > 10 ** 6:  # beyond any float's range
        return HUGE if x > 0 else D(0)
    with _ctx(prec + 5):
        return x.exp()


def ln(x, prec=DIGITS):
    with _ctx(prec + 5):
        return _exact(x).ln()


def expm1(x, prec=DIGITS):
    x = _exact(x)
    if abs(x) > 10 ** 6:
        return HUGE if x > 0 else D(-1)
    extra = max(0, -x.adjusted()) if x != 0 else 0
    with _ctx(prec + extra + 10):
        return x.exp() - 1


def log1p(x, prec=DIGITS):
    x = _exact(x)
    extra = max(0, -x.adjusted()) if x != 0 else 0
    with _ctx(prec + extra + 10):
        return (1 + x).ln()


def atan(x, prec=DIGITS):
    """atan by halving the argument four times (atan x = 2 atan(x / (1 + sqrt(1 + x^2)))) and Taylor."""
    x = _exact(x)
    with _ctx(prec + 15):
        if abs(x) > 1:
            return (pi(prec + 15) / 2).copy_sign(x) - atan(1 / x, prec + 10)
        y = x
        for _ in range(4):
            y = y / (1 + (1 + y * y).sqrt())
        total, term, k, y2 = D(0), y, 0, y * y
        eps = D(10) ** -(prec + 12) * (abs(y) if y != 0 else 1)
        while abs(term) > eps:
            total += term / (2 * k + 1)
            term = -term * y2
            k += 1
        return 16 * total


def asin(x, prec=DIGITS):
    x = _exact(x)
    with _ctx(prec + 15):
        if abs(x) == 1:
            return (pi(prec + 15) / 2).copy_sign(x)
        return atan(x / (1 - x * x).sqrt(), prec + 10)


def acos(x, prec=DIGITS):
    if _exact(x) == 1:
        return D(0)
    with _ctx(prec + 15):
        return pi(prec + 15) / 2 - asin(x, prec + 10)


def atan2(y, x, prec=DIGITS):
    """Finite y, x not both zero."""
    y, x = _exact(y), _exact(x)
    with _ctx(prec + 15):
        p = pi(prec + 15)
        if x == 0:
            return (p / 2).copy_sign(y)
        a = atan(y / x, prec + 10)
        if x > 0:
            return a
        return a + p if y >= 0 else a - p


def sinh(x, prec=DIGITS):
    x = _exact(x)
    if abs(x) > 10 ** 6:
        return HUGE.copy_sign(x)
    if abs(x) < D("1e-3"):
        with _ctx(prec + 10):
            total, term, k, x2 = D(0), x, 1, x * x
            while term != 0 and abs(term) > abs(x) * D(10) ** -(prec + 8):
                total += term
                term = term * x2 / ((2 * k) * (2 * k + 1))
                k += 1
            return total
    with _ctx(prec + 10):
        e = x.exp()
        return (e - 1 / e) / 2


def cosh(x, prec=DIGITS):
    if abs(_exact(x)) > 10 ** 6:
        return HUGE
    with _ctx(prec + 10):
        e = _exact(x).exp()
        return (e + 1 / e) / 2


def tanh(x, prec=DIGITS):
    x = _exact(x)
    if abs(x) > 200:
        return D(1).copy_sign(x)
    with _ctx(prec + 10):
        return sinh(x, prec + 5) / cosh(x, prec + 5)


def asinh(x, prec=DIGITS):
    x = _exact(x)
    extra = max(0, -x.adjusted()) if x != 0 else 0
    with _ctx(prec + 2 * extra + 10):
        a = abs(x)
        return (a + (a * a + 1).sqrt()).ln().copy_sign(x)


def acosh(x, prec=DIGITS):
    x = _exact(x)
    with _ctx(prec + 40):
        return (x + (x * x - 1).sqrt()).ln()


def atanh(x, prec=DIGITS):
    x = _exact(x)
    extra = max(0, -x.adjusted()) if x != 0 else 0
    with _ctx(prec + 2 * extra + 10):
        return ((1 + x) / (1 - x)).ln() / 2


def erf(x, prec=DIGITS):
    """Taylor series (|x| < 6, enough digits for its cancellation), else 1 - erfc."""
    x = _exact(x)
    if abs(x) >= 6:
        with _ctx(prec + 10):
            return (1 - erfc(abs(x), prec + 10)).copy_sign(x)
    extra = int(float(x * x) / 2.3) + 5
    with _ctx(prec + extra + 10):
        total, term, k, x2 = D(0), x, 0, x * x
        while term != 0 and abs(term) > abs(x) * D(10) ** -(prec + extra + 8):
            total += term / (2 * k + 1)
            k += 1
            term = -term * x2 / k
        return total * 2 / pi(prec + extra + 10).sqrt()


def erfcx(x, prec=DIGITS):
    """exp(x^2) erfc(x): continued fraction for x >= 3, else from erf."""
    x = _exact(x)
    if x < -30:
        return HUGE  # 2 exp(x^2) - erfcx(-x): past any float
    with _ctx(prec + 20):
        if x >= 3:
            n = 40 + int(2000 / min(float(x), 1e6) ** 2)
            t = x
            for k in range(n, 0, -1):
                t = x + D(k) / 2 / t
            return 1 / (pi(prec + 20).sqrt() * t)
        return (x * x).exp() * (1 - erf(x, prec + 30))


def erfc(x, prec=DIGITS):
    x = _exact(x)
    with _ctx(prec + 20):
        if x >= 3:
            return erfcx(x, prec + 5) * (-(x * x)).exp()
        if x <= -6:
            return 2 - erfc(-x, prec)
        extra = max(0, int(float(x * x) / 2.3)) if x > 0 else 0
        return 1 - erf(x, prec + extra + 10)


def erfinv(x, prec=DIGITS):
    """Newton's method on erf(y) = x (on erfc(y) = 1 - x beyond 1/2), from float64's estimate."""
    x = _exact(x)
    with _ctx(prec + 20):
        if abs(x) > D("0.5"):
            return erfcinv(1 - abs(x), prec).copy_sign(x)
        y = _guess_erfinv(float(x))
        for _ in range(100):
            d = (x - erf(y, prec + 10)) * pi(prec + 20).sqrt() / 2 / (-(y * y)).exp()
            y += d
            if d == 0 or abs(d) < abs(y) * D(10) ** -(prec + 5):
                break
        return y


def erfcinv(z, prec=DIGITS):
    """0 < z < 2: Newton's method on log(erfc(y)) = log(z)."""
    z = _exact(z)
    with _ctx(prec + 20):
        if z > 1:
            return -erfcinv(2 - z, prec)
        y = _guess_erfcinv(z)
        lz = z.ln()
        for _ in range(200):
            cx = erfcx(y, prec + 10)
            g = -(y * y) + cx.ln() - lz  # log(erfc(y)) - log(z)
            d = g * cx * pi(prec + 20).sqrt() / 2
            y += d
            if d == 0 or abs(d) < abs(y) * D(10) ** -(prec + 5) + D(10) ** -(prec + 20):
                break
        return y


def _guess_erfinv(x):
    lv = math.log1p(-x * x)
    b = 2 / (math.pi * 0.147) + lv / 2
    return D(math.copysign(math.sqrt(math.sqrt(b * b - lv / 0.147) - b), x))


def _guess_erfcinv(z):
    lz = float((z * (2 - z)).ln())
    b = 2 / (math.pi * 0.147) + lz / 2
    return D(math.sqrt(math.sqrt(b * b - lz / 0.147) - b))


def normcdf(x, prec=DIGITS):
    with _ctx(prec + 20):
        return erfc(-_exact(x) / D(2).sqrt(), prec + 5) / 2


def normcdfinv(p, prec=DIGITS):
    with _ctx(prec + 20):
        return -D(2).sqrt() * erfcinv(2 * _exact(p), prec + 5)


_BERNOULLI = []


def _bernoulli(n):
    """B_0 .. B_n as fractions (Akiyama-Tanigawa)."""
    while len(_BERNOULLI) <= n:
        m = len(_BERNOULLI)
        a = [Fraction(1, k + 1) for k in range(m + 1)]
        for j in range(m, 0, -1):
            for i in range(j):
                a[i] = (i + 1) * (a[i] - a[i + 1])
        _BERNOULLI.append(a[0] if m != 1 else Fraction(-1, 2))
    return _BERNOULLI


def lgamma_abs(x, prec=DIGITS):
    """log|Gamma(x)|, x not a pole: Stirling's series at x + 40, shifted back; reflection below 1/2."""
    x = _exact(x)
    with _ctx(prec + 30):
        if x < D("0.5"):
            s, _ = sincospi(x, prec + 30)
            return pi(prec + 30).ln() - abs(s).ln() - lgamma_abs(1 - x, prec + 10)
        n = 40
        z = x + n
        b = _bernoulli(40)
        total = (z - D("0.5")) * z.ln() - z + (2 * pi(prec + 30)).ln() / 2
        zp = z
        for k in range(1, 20):
            bk = b[2 * k]
            total += D(bk.numerator) / D(bk.denominator) / (2 * k * (2 * k - 1) * zp)
            zp *= z * z
        prod = D(1)
        for k in range(n):
            prod *= x + k
        return total - abs(prod).ln()


def gamma_sign(x):
    if x > 0:
        return 1
    return -1 if math.floor(x) % 2 else 1


def tgamma(x, prec=DIGITS):
    with _ctx(prec + 10):
        return gamma_sign(float(x)) * lgamma_abs(x, prec + 10).exp()


_EULER = D("0.577215664901532860606512090082402431042159335939923598805767234884867726777664670936947063")


def _bessel_series_j(n, x, prec):
    """J_n(x) by its power series, with digits for its cancellation."""
    extra = int(abs(float(x)) / 2.3) + 10
    with _ctx(prec + extra):
        h = x / 2
        term = h ** n / math.factorial(n)
        total, k, h2 = D(0), 0, h * h
        while term != 0 and (k < 3 or abs(term) > D(10) ** -(prec + extra)):
            total += term
            k += 1
            term = -term * h2 / (k * (k + n))
        return total


def _bessel_series_y01(x, prec):
    """(Y_0(x), Y_1(x)) by their power series."""
    extra = int(abs(float(x)) / 2.3) + 10
    with _ctx(prec + extra):
        p = pi(prec + extra)
        h = x / 2
        lg = h.ln() + _EULER
        j0, j1 = _bessel_series_j(0, x, prec + extra), _bessel_series_j(1, x, prec + extra)
        # Y0 = (2/pi)(ln(x/2) + gamma) J0 + (2/pi) sum_{k>=1} (-1)^(k+1) H_k (x^2/4)^k / (k!)^2
        total, term, hk, k, h2 = D(0), D(1), D(0), 0, h * h
        while True:
            k += 1
            term = term * h2 / (k * k)
            hk += D(1) / k
            t = term * hk * (1 if k % 2 else -1)
            total += t
            if abs(term) < D(10) ** -(prec + extra) and k > 3:
                break
        y0 = 2 / p * (lg * j0 + total)
        # Y1 = (2/pi) J1 ln(x/2) - 2/(pi x) - (1/pi) sum_{k>=0} (-1)^k (psi(k+1) + psi(k+2)) (x/2)^(2k+1) / (k!(k+1)!)
        # with psi(m) = -gamma + H_{m-1}
        total, k, hk = D(0), 0, D(0)  # hk = H_k
        term = h  # (x/2)^(2k+1) / (k! (k+1)!)
        while True:
            psi_sum = (-_EULER + hk) + (-_EULER + hk + D(1) / (k + 1))
            total += (1 if k % 2 == 0 else -1) * psi_sum * term
            k += 1
            hk += D(1) / k
            term = term * h2 / (k * (k + 1))
            if abs(term) < D(10) ** -(prec + extra) and k > 3:
                break
        y1 = 2 / p * j1 * h.ln() - 2 / (p * x) - total / p
        return y0, y1


def _bessel_asymptotic(n, x, prec):
    """(J_n(x), Y_n(x)) by Hankel's asymptotic expansion, x large against n^2."""
    with _ctx(prec + 10):
        mu = 4 * n * n
        p_sum, q_sum, term, k = D(0), D(0), D(1), 0
        best = None
        while k < 400:
            if k % 2 == 0:
                p_sum += term * (1 if k % 4 == 0 else -1)
            else:
                q_sum += term * (1 if k % 4 == 1 else -1)
            nxt = term * (mu - (2 * k + 1) ** 2) / ((k + 1) * 8 * x)
            if abs(nxt) >= abs(term) and k > 2:
                break
            term = nxt
            k += 1
            if abs(term) < D(10) ** -(prec + 5):
                break
        del best
        chi_shift = Fraction(2 * n + 1, 4)  # chi = x - (n/2 + 1/4) pi
        s, c = sin_cos(x, prec + 5)
        sp, cp = sincospi(float(chi_shift), prec + 5)  # exact: a multiple of 1/4
        cos_chi = c * cp + s * sp
        sin_chi = s * cp - c * sp
        amp = (2 / (pi(prec + 10) * x)).sqrt()
        return amp * (p_sum * cos_chi - q_sum * sin_chi), amp * (p_sum * sin_chi + q_sum * cos_chi)


def bessel_j(n, x, prec=DIGITS):
    """J_n(x), any sign of x (J_n(-x) = (-1)^n J_n(x)); n >= 0."""
    x = _exact(x)
    sign = -1 if (x < 0 and n % 2) else 1
    x = abs(x)
    if x > 25 and x > n * n:
        return sign * _bessel_asymptotic(n, x, prec)[0]
    return sign * _bessel_series_j(n, x, prec)


def bessel_y(n, x, prec=DIGITS):
    """Y_n(x), x > 0, n >= 0: Y_0 and Y_1, then upward recurrence."""
    x = _exact(x)
    with _ctx(prec + 20):
        if x > 25:
            y0, y1 = _bessel_asymptotic(0, x, prec + 10)[1], _bessel_asymptotic(1, x, prec + 10)[1]
        else:
            y0, y1 = _bessel_series_y01(x, prec + 10)
        if n == 0:
            return y0
        for k in range(1, n):
            y0, y1 = y1, 2 * k / x * y1 - y0
        return y1
