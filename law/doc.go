// Package law reads the scaling laws a chart fits, written as the papers
// write them, and evaluates them fast with exact gradients for the fitter.
//
// A law is RESPONSE = expression: "L = E + A / N^alpha + B / D^beta"
// (Hoffmann et al.'s Chinchilla) or
// "L = ((N_c / N)^(alpha_N / alpha_D) + D_c / D)^alpha_D" (Kaplan et al.).
// Parse reads one; ParseExpr reads an expression without a response, such
// as a quantity derived from the fitted constants ("beta / (alpha + beta)").
//
// # The language
//
// Numbers are decimals (12, 0.5, .5, 1e-3). Symbols are letters (Unicode
// letters too: α), digits and underscores, starting with a letter or _
// (alpha_N, N_c, D_0). The operators are + - * / and ^, with the usual
// precedence; ^ is right-associative (2^3^2 is 2^9) and binds tighter than
// a sign, as in mathematics (-x^2 is -(x^2), N^-alpha is N^(-alpha)).
// Parentheses group. The functions are exp, log (natural), log10, log2,
// sqrt, abs, min and max (two arguments). A law pasted from a paper may use
// − for minus and · or × for times. There is no implicit multiplication:
// 2N is an error that says to write 2*N.
//
// # Errors
//
// Every error from Parse, ParseExpr, Bind and Compile is an *Error whose
// Offset and Len locate the problem in the law's text in bytes, so that the
// caller can name the file:line:col of the spec value; its message says in
// a researcher's words what is wrong and what to write ("tanh is not a
// function a law may use: the functions are …", "this ( is never closed").
// Names close to a known one get a did-you-mean.
//
// # Binding and evaluating
//
// Law.Bind names the symbols that are variables (columns of the data);
// every other symbol is a constant to fit, in order of first appearance.
// The result is a Model: the law compiled to a flat tape of operations over
// numbered slots, evaluated by one loop (no tree is walked). Model.Eval
// gives the law's value; Model.EvalGrad also its exact gradient with
// respect to the constants, by reverse-mode differentiation of the tape
// (measured faster than forward mode for Chinchilla's five constants). A
// Model is safe for concurrent use and, once warm, evaluating allocates
// nothing: the scratch space of a law of up to about 25 operations lives on the
// goroutine's stack. Model.Rows binds a data set and works out once per
// row what the variables alone decide (N^alpha's log N), which is how a fit
// should evaluate.
//
// A power x^y of a positive base is computed as exp(y·log x), which is
// faster than math.Pow and shares log x with the gradient (it is exact to
// about |y·log x| units in the last place); a negative base takes math.Pow
// (a whole power of a negative number is real).
//
// Model.Domain finds the first operation outside its domain at given
// constants and variables (the log of a value ≤ 0, the square root of a
// negative value, a division by zero, a negative number to a non-integer
// power), with its place in the law, for "log of a negative value at
// file:line:col for row R". Model.Roles says what each constant does:
// added only (an offset like E), a factor or divisor only (a scale like A or
// N_c), in exponents only (like α) or anything else; the fitter uses it to
// choose starting points and to search scales in log space. Expr.Compile
// compiles a derived quantity over a fitted law's constants, so that it is
// evaluated, with its gradient, from the same vector the fit gives.
//
// # Writing a law
//
// Law.Text writes a law for a legend in Unicode mathematics (Greek names as
// letters, subscripts where Unicode has them, powers as superscripts where
// it has every character's form: L = E + A/Nᵅ + B/Dᵝ), with constants
// replaced by their fitted values when the caller gives them.
package law
