package plaintex

// symbols are the commands that stand for one character (Greek letters and
// a few signs). A space after them is TeX's end of the name, not a space:
// $\alpha N$ is αN, as TeX draws it.
var symbols = map[string]string{
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε",
	"zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
	"lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "varpi": "ϖ", "rho": "ρ",
	"varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ",
	"varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
	"Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
	"Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
	"infty": "∞", "ell": "ℓ", "hbar": "ℏ", "partial": "∂", "nabla": "∇", "prime": "′",
	"sum": "∑", "prod": "∏", "int": "∫", "degree": "°", "dagger": "†", "star": "⋆", "ast": "∗",
	"ldots": "…", "dots": "…", "cdots": "⋯", "backslash": "\\", "percent": "%",
	"lbrace": "{", "rbrace": "}", "langle": "⟨", "rangle": "⟩", "lvert": "|", "rvert": "|",
	"emptyset": "∅", "forall": "∀", "exists": "∃",
}

// operators are binary operators, relations and arrows: the spaces the
// author wrote around them are kept ($L = 11.6 \cdot C$).
var operators = map[string]string{
	"times": "×", "cdot": "·", "div": "÷", "pm": "±", "mp": "∓", "circ": "∘",
	"approx": "≈", "sim": "∼", "simeq": "≃", "propto": "∝", "equiv": "≡",
	"le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠",
	"ll": "≪", "gg": "≫", "lesssim": "≲", "gtrsim": "≳",
	"to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "Rightarrow": "⇒",
	"leftrightarrow": "↔", "mapsto": "↦", "in": "∈", "notin": "∉", "subset": "⊂",
	"cup": "∪", "cap": "∩", "mid": "|",
	// spacing
	"quad": "\u2003", "qquad": "\u2003\u2003",
}

// functions are the operator names TeX sets upright: written as their
// names.
var functions = map[string]bool{
	"log": true, "ln": true, "lg": true, "exp": true, "min": true, "max": true, "argmin": true,
	"argmax": true, "sin": true, "cos": true, "tan": true, "lim": true, "sup": true, "inf": true,
	"arg": true, "det": true, "dim": true, "Pr": true, "deg": true, "gcd": true,
}

// textCommands take one argument in braces whose text is written as it is:
// the upright, bold or italic style is dropped, as plain text has none.
var textCommands = map[string]bool{
	"mathrm": true, "text": true, "textrm": true, "textit": true, "textbf": true, "textsf": true,
	"texttt": true, "mathit": true, "mathbf": true, "mathsf": true, "mathtt": true,
	"operatorname": true, "boldsymbol": true, "bm": true, "mbox": true, "textnormal": true,
	"mathnormal": true, "emph": true,
}

// ignored are commands that only size or space what follows: \left( is (.
var ignored = map[string]bool{
	"left": true, "right": true, "big": true, "Big": true, "bigg": true, "Bigg": true,
	"displaystyle": true, "textstyle": true, "limits": true, "nolimits": true,
}

// symbolCommands are a backslash and one character.
var symbolCommands = map[rune]string{
	',': "\u2009", ';': " ", ':': " ", ' ': " ", '!': "", '>': " ",
	'$': "$", '%': "%", '&': "&", '#': "#", '_': "_", '{': "{", '}': "}", '|': "‖",
}

// superscripts are the characters Unicode has a superscript form for. A
// decimal point has none; the raised middle dot stands for it (C⁰·⁵), as
// in typewritten exponents. An asterisk, a prime and a degree sign are
// raised already.
var superscripts = map[rune]rune{
	'0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
	'+': '⁺', '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', '.': '·', '·': '·',
	'*': '*', '∗': '*', '⋆': '*', '′': '′', '°': '°', '\'': '′',
	'a': 'ᵃ', 'b': 'ᵇ', 'c': 'ᶜ', 'd': 'ᵈ', 'e': 'ᵉ', 'f': 'ᶠ', 'g': 'ᵍ', 'h': 'ʰ', 'i': 'ⁱ',
	'j': 'ʲ', 'k': 'ᵏ', 'l': 'ˡ', 'm': 'ᵐ', 'n': 'ⁿ', 'o': 'ᵒ', 'p': 'ᵖ', 'r': 'ʳ', 's': 'ˢ',
	't': 'ᵗ', 'u': 'ᵘ', 'v': 'ᵛ', 'w': 'ʷ', 'x': 'ˣ', 'y': 'ʸ', 'z': 'ᶻ',
	'A': 'ᴬ', 'B': 'ᴮ', 'D': 'ᴰ', 'E': 'ᴱ', 'G': 'ᴳ', 'H': 'ᴴ', 'I': 'ᴵ', 'J': 'ᴶ', 'K': 'ᴷ',
	'L': 'ᴸ', 'M': 'ᴹ', 'N': 'ᴺ', 'O': 'ᴼ', 'P': 'ᴾ', 'R': 'ᴿ', 'T': 'ᵀ', 'U': 'ᵁ', 'V': 'ⱽ', 'W': 'ᵂ',
	'α': 'ᵅ', 'β': 'ᵝ', 'γ': 'ᵞ', 'δ': 'ᵟ', 'ε': 'ᵋ', 'θ': 'ᶿ', 'ι': 'ᶥ', 'ϕ': 'ᶲ', 'φ': 'ᵠ', 'χ': 'ᵡ',
}

// subscripts are the characters Unicode has a subscript form for. A
// decimal point and a comma sit on the line already.
var subscripts = map[rune]rune{
	'0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉',
	'+': '₊', '-': '₋', '−': '₋', '=': '₌', '(': '₍', ')': '₎', '.': '.', ',': ',',
	'a': 'ₐ', 'e': 'ₑ', 'h': 'ₕ', 'i': 'ᵢ', 'j': 'ⱼ', 'k': 'ₖ', 'l': 'ₗ', 'm': 'ₘ', 'n': 'ₙ',
	'o': 'ₒ', 'p': 'ₚ', 'r': 'ᵣ', 's': 'ₛ', 't': 'ₜ', 'u': 'ᵤ', 'v': 'ᵥ', 'x': 'ₓ',
	'β': 'ᵦ', 'γ': 'ᵧ', 'ρ': 'ᵨ', 'φ': 'ᵩ', 'χ': 'ᵪ',
}
