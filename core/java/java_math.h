// Java's numeric semantics, for code that must compute exactly what VASSAL computes: casts that
// truncate toward zero and saturate instead of overflowing, Math.round without the "+0.5" rounding
// error, int arithmetic that wraps. Every function is defined for every input (no UB on NaN or
// on values outside int's range), so hostile coordinates give some answer, never a crash.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace adjutant::core::java {

// (long) v: truncation toward zero; NaN gives 0; out-of-range values saturate.
inline int64_t to_long(double v) {
  if (std::isnan(v)) return 0;
  if (v >= 9223372036854775807.0) return std::numeric_limits<int64_t>::max();
  if (v <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

// (int) v for a double or float: truncation toward zero; NaN gives 0; saturates.
inline int to_int(double v) {
  if (std::isnan(v)) return 0;
  if (v >= 2147483647.0) return std::numeric_limits<int>::max();
  if (v <= -2147483648.0) return std::numeric_limits<int>::min();
  return static_cast<int>(v);
}

// (int) of a long: keeps the low 32 bits, as Java's narrowing does.
inline int narrow(int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v))); }

// Math.round(double): the closest long, ties toward positive infinity. floor(v) + (frac >= 0.5)
// is exact, unlike floor(v + 0.5), which rounds 0.49999999999999994 up.
inline int64_t round(double v) {
  if (std::isnan(v)) return 0;
  const double f = std::floor(v);
  return to_long(v - f >= 0.5 ? f + 1.0 : f);
}

// Math.round(float) -> int.
inline int round(float v) {
  if (std::isnan(v)) return 0;
  const float f = std::floor(v);
  return to_int(v - f >= 0.5F ? static_cast<double>(f) + 1.0 : static_cast<double>(f));
}

// (int) Math.round(v): Math.round to long, then narrowed.
inline int round_to_int(double v) { return narrow(round(v)); }

// (int) Math.floor(v).
inline int floor_to_int(double v) { return to_int(std::floor(v)); }

// int + - * with Java's wrap-around.
inline int add(int a, int b) { return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b)); }
inline int sub(int a, int b) { return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b)); }
inline int mul(int a, int b) { return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b)); }

// Integer.MIN_VALUE % x and / -1 are the only int ops that can trap in C++; Java defines them.
inline int rem(int a, int b) { return (b == -1) ? 0 : a % b; }
inline int div(int a, int b) { return (b == -1) ? sub(0, a) : a / b; }

}  // namespace adjutant::core::java
