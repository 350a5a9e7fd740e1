package io.loadsmith.packages;

import org.springframework.stereotype.Component;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.load.LoadService;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.preset.LoadPresetService;
import io.loadsmith.template.TemplateService;
import io.loadsmith.template.TransformationTypeService;

/**
 * The feature services whose objects a package document holds: what a snapshot reads and an import
 * writes, named once so that a new kind of object is added to both.
 */
@Component
record PackageServices(MetadataPackageService packages, AttributeTypeService attributeTypes,
                       DefaultAttributeService defaultAttributes, EntityTypeService entityTypes,
                       TransformationTypeService transformationTypes, TemplateService templates,
                       EntityService entities, LoadService loads, EnvironmentService environments,
                       LoadPresetService presets, DatatypeMappingService datatypeMappings) {
}
