// The options several localization methods share: their declarations and typed reading.
#include "repair/localize/options.h"

#include "repair/localize/localize.h"

namespace locus::localize {

repair::OptionDecl weightsOption() {
  return repair::enumOption<Weights>(
      kWeights, "uniform, or ochiai or dstar (clause weighting from the declared tests)",
      {{"uniform", Weights::Uniform}, {"ochiai", Weights::Ochiai}, {"dstar", Weights::DStar}},
      Weights::Uniform);
}

repair::OptionDecl partsOption() {
  return repair::enumOption<Parts>(
      kParts,
      "the statement parts relaxed: value, value,guard, value,target (where a statement writes), "
      "value,guard,target, or value+target (value and target under one selector)",
      {{"value", Parts::Value},
       {"value,guard", Parts::ValueGuard},
       {"value,target", Parts::ValueTarget},
       {"value,guard,target", Parts::ValueGuardTarget},
       {"value+target", Parts::ValueTargetShared}},
      Parts::Value,
      {{"guard,value", Parts::ValueGuard},
       {"target,value", Parts::ValueTarget},
       {"value,target,guard", Parts::ValueGuardTarget},
       {"guard,value,target", Parts::ValueGuardTarget},
       {"guard,target,value", Parts::ValueGuardTarget},
       {"target,value,guard", Parts::ValueGuardTarget},
       {"target,guard,value", Parts::ValueGuardTarget}});
}

bool relaxesGuards(Parts p) {
  return p == Parts::ValueGuard || p == Parts::ValueGuardTarget;
}

bool relaxesTargets(Parts p) {
  return p == Parts::ValueTarget || p == Parts::ValueGuardTarget || p == Parts::ValueTargetShared;
}

repair::OptionDecl maxSizeOption() {
  return repair::unsignedOption(kMaxSize, "the largest set enumerated", 3);
}

repair::OptionDecl maxSetsOption() {
  return repair::unsignedOption(kMaxSets, "stop after this many sets", 20);
}

Weights weightsOf(const Options &opts) {
  return repair::enumValue<Weights>(weightsOption(), opts.given);
}

Parts partsOf(const Options &opts) {
  return repair::enumValue<Parts>(partsOption(), opts.given);
}

SetLimits setLimitsOf(const Options &opts) {
  return {repair::unsignedValue(maxSizeOption(), opts.given),
          repair::unsignedValue(maxSetsOption(), opts.given)};
}

} // namespace locus::localize
