package io.reveille.meta.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.reveille.platform.wire.WireEnum;
import java.util.Arrays;
import java.util.HashSet;
import org.junit.jupiter.api.Test;

class EnumsResourceTest {

  @Test
  void everyWireEnumOfTheServerIsListedOnceUnderItsName() {
    var wireEnums =
        new ClassFileImporter()
                .withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages("io.reveille")
                .stream()
                .filter(c -> c.isEnum() && c.isAssignableTo(WireEnum.class))
                .map(JavaClass::reflect)
                .toList();
    var listed = new HashSet<>(EnumsResource.ENUMS.values());
    for (var type : wireEnums) {
      var values = Arrays.stream(type.getEnumConstants()).map(v -> ((WireEnum) v).wire()).toList();
      assertTrue(listed.contains(values), type.getName() + " is missing from GET /api/meta/enums");
    }
    assertEquals(wireEnums.size(), EnumsResource.ENUMS.size(), EnumsResource.ENUMS::toString);
    EnumsResource.ENUMS
        .keySet()
        .forEach(name -> assertTrue(name.matches("[a-z][A-Za-z]*"), name + " is lowerCamelCase"));
  }
}
